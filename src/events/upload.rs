//! An event's uploads read into registrations: the registration CSV's rows, the files
//! they name (uploaded beside it or inside a zip) and the files no row names, each deck
//! keeping its player and its file's name, with the line in that file where its list
//! starts (so a problem's line is the line the organiser sees).

use crate::catalogue::csvfile::CsvFile;
use crate::diag::Diagnostic;

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

/// Reads an event's uploads: zips expanded, CSVs read as registrations, the other files
/// as decklists. A problem anywhere is recorded and the rest still read.
pub fn import(uploads: Vec<Upload>) -> Registrations {
    let mut out = Registrations::default();
    let mut csvs = Vec::new();
    let mut files = Vec::new();
    for u in uploads {
        if is(&u.name, ".zip") {
            files.extend(super::zipped::expand(&u, &mut out.problems));
        } else if is(&u.name, ".csv") {
            csvs.push(u);
        } else {
            files.push(u);
        }
    }
    let mut used = vec![false; files.len()];
    for csv in csvs {
        read_csv(csv, &files, &mut used, &mut out);
    }
    for (f, used) in files.into_iter().zip(used) {
        if !used {
            out.decks.push(from_file(None, f.name.clone(), &f.bytes));
        }
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

/// Text of a file, or where it stops being UTF-8.
fn text_of(name: &str, bytes: &[u8]) -> Result<String, String> {
    String::from_utf8(bytes.to_vec()).map_err(|e| {
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
    bytes: &[u8],
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

/// The index of the first of `names` the header has.
fn column(csv: &CsvFile, names: &[&str]) -> Option<usize> {
    names.iter().find_map(|n| csv.column(n))
}

fn read_csv(upload: Upload, files: &[Upload], used: &mut [bool], out: &mut Registrations) {
    let csv = match CsvFile::parse(upload.name.clone(), upload.bytes) {
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
        let found = (!wanted.is_empty()).then(|| find(files, &wanted)).flatten();
        match found {
            Some(k) => {
                used[k] = true;
                out.decks
                    .push(from_file(Some(who), files[k].name.clone(), &files[k].bytes));
            }
            None => {
                let (line, _) = csv.locate(rec, file.or(list).unwrap_or(0));
                let message = if wanted.is_empty() {
                    "this row has no decklist and names no file".to_string()
                } else {
                    format!(
                        "no file `{}` was uploaded",
                        crate::text::escape_controls(&wanted)
                    )
                };
                out.problems.push(
                    csv.diag(rec, file.or(list).unwrap_or(0), message.clone())
                        .with_hint("upload the file beside the CSV or inside a zip, or paste the list in the `decklist` cell"),
                );
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
    }
}

/// The file named `wanted`: by its whole path, else by its last part, case-insensitively.
fn find(files: &[Upload], wanted: &str) -> Option<usize> {
    let base = |s: &str| s.rsplit(['/', '\\']).next().unwrap_or(s).to_lowercase();
    files
        .iter()
        .position(|f| f.name == wanted)
        .or_else(|| files.iter().position(|f| base(&f.name) == base(wanted)))
}
