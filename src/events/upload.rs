//! An event's uploads read into registrations: the registration CSV's rows, the files
//! they name (uploaded beside it or inside a zip) and the files no row names, each deck
//! keeping its player and its file's name, with the line in that file where its list
//! starts (so a problem's line is the line the organiser sees).

use crate::catalogue::csvfile::CsvFile;
use crate::decks::MAX_BYTES;
use crate::diag::Diagnostic;

/// The most registrations one upload may hold: rows of its CSVs and files of its zips
/// and beside them together.
pub const MAX_REGISTRATIONS: usize = 5_000;

/// What every zip of one upload has expanded to so far: one budget for the upload, so
/// that many small zips cannot add up past the limit.
#[derive(Debug, Default)]
pub(super) struct Expansion {
    /// Bytes expanded, against [`super::MAX_EXPANDED`].
    pub bytes: usize,
    /// Files kept, against [`MAX_REGISTRATIONS`].
    pub files: usize,
}

/// One uploaded file: its name as the organiser gave it, and its bytes.
#[derive(Debug, Clone)]
pub struct Upload {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One player's registration.
#[derive(Debug, Clone)]
pub struct Registration {
    pub player: String,
    pub team: Option<String>,
    pub id: Option<String>,
    /// The file the list is in (the CSV for a list in a cell), as named in the upload.
    pub file: String,
    /// The line of `file` where the list's line 1 is.
    pub first_line: usize,
    /// The list's text, or why it cannot be read (located in `file`).
    pub text: Result<String, String>,
    /// The list is the API's JSON form (a `.json` file).
    pub json: bool,
}

/// What [`import`] read: the registrations in upload order and every problem found.
#[derive(Debug, Clone, Default)]
pub struct Registrations {
    pub decks: Vec<Registration>,
    pub problems: Vec<Diagnostic>,
}

/// The registration CSV's column names (lowercase) and what each means.
const PLAYER: [&str; 3] = ["player", "name", "player name"];
const TEAM: [&str; 1] = ["team"];
const ID: [&str; 4] = ["id", "player id", "player_id", "dci"];
const LIST: [&str; 4] = ["decklist", "list", "deck", "deck list"];
const FILE: [&str; 4] = ["file", "filename", "file name", "decklist file"];

fn is(name: &str, ext: &str) -> bool {
    name.to_ascii_lowercase().ends_with(ext)
}

/// Reads an event's uploads: zips expanded (within one [`Expansion`] budget shared by
/// every zip of the upload), CSVs read as registrations, the other files as decklists (a
/// file over [`MAX_BYTES`] refused). A problem anywhere is recorded and the rest still
/// read; at most [`MAX_REGISTRATIONS`] registrations are read.
pub fn import(uploads: Vec<Upload>) -> Registrations {
    let mut out = Registrations::default();
    let mut csvs = Vec::new();
    let mut files = Vec::new();
    let mut budget = Expansion::default();
    for u in uploads {
        if is(&u.name, ".zip") {
            files.extend(super::zipped::expand(&u, &mut budget, &mut out.problems));
        } else if is(&u.name, ".csv") {
            csvs.push(u);
        } else if u.bytes.len() > MAX_BYTES {
            out.problems.push(
                Diagnostic::new(
                    &u.name,
                    1,
                    1,
                    format!(
                        "the file is {} bytes; the limit for a decklist is {MAX_BYTES} bytes (1 MiB)",
                        u.bytes.len()
                    ),
                )
                .with_hint("a decklist is a few kilobytes: check that this is the right file"),
            );
        } else {
            files.push(u);
        }
    }
    let mut pool = Files::new(files);
    for csv in csvs {
        read_csv(csv, &mut pool, &mut out);
    }
    for f in pool.unclaimed() {
        if !room(&mut out, &f.name, 1) {
            break;
        }
        out.decks.push(from_file(None, f.name, f.bytes));
    }
    if out.decks.is_empty() && out.problems.is_empty() {
        out.problems.push(
            Diagnostic::new(
                "upload",
                1,
                1,
                "nothing to check: no registration and no decklist",
            )
            .with_hint("upload the registration CSV, a zip of decklists, or the decklist files"),
        );
    }
    out
}

/// Whether one more registration fits under [`MAX_REGISTRATIONS`]; when not, the refusal
/// (located at `file:line`) is recorded once.
fn room(out: &mut Registrations, file: &str, line: usize) -> bool {
    if out.decks.len() < MAX_REGISTRATIONS {
        return true;
    }
    let message = format!(
        "more than {MAX_REGISTRATIONS} registrations in one upload, the limit: this one and the rest are not read"
    );
    if !out.problems.iter().any(|p| p.message == message) {
        out.problems.push(
            Diagnostic::new(file, line, 1, message)
                .with_hint("split the event into uploads of at most 5,000 players"),
        );
    }
    false
}

/// The decklist files of an upload, each claimed by at most one CSV row and moved (not
/// copied) into its registration.
struct Files {
    names: Vec<String>,
    bytes: Vec<Option<Vec<u8>>>,
    /// The row (`csv:line`) that claimed each file.
    claimed: Vec<Option<String>>,
}

/// What a row's file name found.
enum Found {
    File(usize),
    Missing,
    /// Already the list of the row named.
    Claimed(String),
    /// Its last part fits these files.
    Ambiguous(Vec<String>),
}

impl Files {
    fn new(files: Vec<Upload>) -> Files {
        let (names, bytes): (Vec<String>, Vec<Option<Vec<u8>>>) =
            files.into_iter().map(|f| (f.name, Some(f.bytes))).unzip();
        let claimed = vec![None; names.len()];
        Files {
            names,
            bytes,
            claimed,
        }
    }

    /// The file named `wanted`: by its whole path, else by its last part
    /// (case-insensitively) when exactly one file has it.
    fn find(&self, wanted: &str) -> Found {
        let base = |s: &str| s.rsplit(['/', '\\']).next().unwrap_or(s).to_lowercase();
        let k = match self.names.iter().position(|n| n == wanted) {
            Some(k) => k,
            None => {
                let fits: Vec<usize> = (0..self.names.len())
                    .filter(|&k| base(&self.names[k]) == base(wanted))
                    .collect();
                match fits[..] {
                    [] => return Found::Missing,
                    [k] => k,
                    _ => {
                        return Found::Ambiguous(
                            fits.iter().map(|&k| self.names[k].clone()).collect(),
                        )
                    }
                }
            }
        };
        match &self.claimed[k] {
            Some(row) => Found::Claimed(row.clone()),
            None => Found::File(k),
        }
    }

    /// File `k`'s name and bytes, claimed by `row`.
    fn claim(&mut self, k: usize, row: String) -> (String, Vec<u8>) {
        self.claimed[k] = Some(row);
        (
            self.names[k].clone(),
            self.bytes[k].take().unwrap_or_default(),
        )
    }

    /// The files no row claimed, in upload order.
    fn unclaimed(self) -> impl Iterator<Item = Upload> {
        self.names
            .into_iter()
            .zip(self.bytes)
            .zip(self.claimed)
            .filter(|(_, c)| c.is_none())
            .filter_map(|((name, bytes), _)| bytes.map(|bytes| Upload { name, bytes }))
    }
}

/// Text of a file, or where it stops being UTF-8.
fn text_of(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}:{}: the file is not valid UTF-8; save it as UTF-8 text",
            crate::diag::utf8_error_line(&e)
        )
    })
}

/// A registration from a decklist file; its player from the CSV's row, else the list's
/// `Player:` line (read later), else the file's name.
fn from_file(
    row: Option<(String, Option<String>, Option<String>)>,
    name: String,
    bytes: Vec<u8>,
) -> Registration {
    let (player, team, id) = row.unwrap_or_else(|| (String::new(), None, None));
    Registration {
        player,
        team,
        id,
        json: is(&name, ".json"),
        text: text_of(&name, bytes),
        file: name,
        first_line: 1,
    }
}

/// Why a row naming `wanted` has no file (`found` is not [`Found::File`]), and what to do.
fn not_found(found: Found, wanted: &str) -> (String, &'static str) {
    const UPLOAD: &str =
        "upload the file beside the CSV or inside a zip, or paste the list in the `decklist` cell";
    let shown = crate::text::escape_controls(wanted);
    match found {
        _ if wanted.is_empty() => (
            "this row has no decklist and names no file".to_string(),
            UPLOAD,
        ),
        Found::File(_) | Found::Missing => (format!("no file `{shown}` was uploaded"), UPLOAD),
        Found::Claimed(row) => (
            format!(
                "file `{shown}` is already the list of row {row}: one file is one player's list"
            ),
            "give each player their own file",
        ),
        Found::Ambiguous(names) => {
            let names: Vec<String> = names
                .iter()
                .map(|n| format!("`{}`", crate::text::escape_controls(n)))
                .collect();
            (
                format!(
                    "`{shown}` fits more than one uploaded file ({}): none is picked",
                    names.join(", ")
                ),
                "name the file by its whole path in the zip",
            )
        }
    }
}

/// The index of the first of `names` the header has.
fn column(csv: &CsvFile, names: &[&str]) -> Option<usize> {
    names.iter().find_map(|n| csv.column(n))
}

fn read_csv(upload: Upload, files: &mut Files, out: &mut Registrations) {
    // Rows past the limit are not even parsed: `room` refuses the first of them.
    let csv = match CsvFile::parse_at_most(upload.name.clone(), upload.bytes, MAX_REGISTRATIONS) {
        Ok(c) => c,
        Err(diags) => {
            out.problems.extend(diags.0);
            return;
        }
    };
    let (player, team, id) = (
        column(&csv, &PLAYER),
        column(&csv, &TEAM),
        column(&csv, &ID),
    );
    let (list, file) = (column(&csv, &LIST), column(&csv, &FILE));
    if player.is_none() {
        out.problems.push(
            csv.header_diag("no `player` column: each row's player is unknown")
                .with_hint("name the first column `player`"),
        );
    }
    if list.is_none() && file.is_none() {
        out.problems.push(
            csv.header_diag("no `decklist` or `file` column: no row has a list")
                .with_hint(
                    "a `decklist` column holds the list's text; a `file` column names its file",
                ),
        );
        return;
    }
    let cell_lines = list.map(|c| csv.field_lines(c)).unwrap_or_default();
    for (i, rec) in csv.records.iter().enumerate() {
        let at = file.or(list).unwrap_or(0);
        let (line, _) = csv.locate(rec, at);
        if !room(out, &csv.display, line) {
            break;
        }
        let get = |c: Option<usize>| Some(csv.get(rec, c).to_string()).filter(|s| !s.is_empty());
        let who = (get(player).unwrap_or_default(), get(team), get(id));
        if who.0.is_empty() {
            out.problems.push(
                csv.diag(rec, player.unwrap_or(0), "this row names no player")
                    .with_hint("fill in the player's name"),
            );
        }
        if let Some(c) = list.filter(|&c| !rec.field(c).is_empty()) {
            out.decks.push(Registration {
                player: who.0,
                team: who.1,
                id: who.2,
                file: csv.display.clone(),
                first_line: cell_lines.get(i).copied().unwrap_or(1),
                text: Ok(rec.raw_field(c).to_string()),
                json: false,
            });
            continue;
        }
        let wanted = get(file).unwrap_or_default();
        let found = if wanted.is_empty() {
            Found::Missing
        } else {
            files.find(&wanted)
        };
        if let Found::File(k) = found {
            let (name, bytes) = files.claim(k, format!("{}:{line}", csv.display));
            out.decks.push(from_file(Some(who), name, bytes));
            continue;
        }
        let (message, hint) = not_found(found, &wanted);
        out.problems
            .push(csv.diag(rec, at, message.clone()).with_hint(hint));
        out.decks.push(Registration {
            player: who.0,
            team: who.1,
            id: who.2,
            file: csv.display.clone(),
            first_line: line,
            text: Err(format!("{}:{line}: {message}", csv.display)),
            json: false,
        });
    }
}
