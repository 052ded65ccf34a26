//! A zip of decklist files, read with limits: the archive's size, its number of entries,
//! each entry's expanded size (read, never trusted from the header) and the total of
//! every zip of the upload (one [`Expansion`] budget, with the upload's count of files
//! against [`MAX_REGISTRATIONS`]). A
//! path that climbs out (`../`, absolute), a zip inside the zip and an entry that expands
//! past its limit are refused with a message; the other entries are still read.

use super::upload::{Expansion, MAX_REGISTRATIONS};
use super::Upload;
use crate::decks::MAX_BYTES;
use crate::diag::Diagnostic;
use std::io::Read;

/// The largest zip accepted, in bytes (16 MiB).
pub const MAX_ZIP_BYTES: usize = 16 << 20;
/// The most entries read from one zip.
pub const MAX_ENTRIES: usize = 5_000;
/// The most all the entries of all the zips of one upload may expand to together (64 MiB).
pub const MAX_EXPANDED: usize = 64 << 20;

/// The files of zip `z` (named by their path inside it), and the problems of the rest;
/// what they expand to is counted in the upload's `budget`.
pub(super) fn expand(
    z: &Upload,
    budget: &mut Expansion,
    problems: &mut Vec<Diagnostic>,
) -> Vec<Upload> {
    let refuse =
        |message: String, hint: &str| Diagnostic::new(&z.name, 1, 1, message).with_hint(hint);
    if z.bytes.len() > MAX_ZIP_BYTES {
        problems.push(refuse(
            format!(
                "the zip is {} bytes; the limit is {MAX_ZIP_BYTES} bytes (16 MiB)",
                z.bytes.len()
            ),
            "a thousand decklists zip to well under a megabyte: check that this is the right file",
        ));
        return Vec::new();
    }
    let mut archive = match zip::ZipArchive::new(std::io::Cursor::new(z.bytes.as_slice())) {
        Ok(a) => a,
        Err(e) => {
            problems.push(refuse(
                format!("not a readable zip: {e}"),
                "upload a .zip made by a zip tool, or the decklist files themselves",
            ));
            return Vec::new();
        }
    };
    if archive.len() > MAX_ENTRIES {
        problems.push(refuse(
            format!(
                "the zip has {} entries; the limit is {MAX_ENTRIES}",
                archive.len()
            ),
            "one decklist file per player",
        ));
        return Vec::new();
    }
    let mut out = Vec::new();
    for i in 0..archive.len() {
        let mut entry = match archive.by_index(i) {
            Ok(e) => e,
            Err(e) => {
                problems.push(refuse(
                    format!("entry {}: unreadable: {e}", i + 1),
                    "zip it again",
                ));
                continue;
            }
        };
        let raw_name =
            crate::text::escape_controls(&String::from_utf8_lossy(entry.name_raw())).to_string();
        if entry.is_dir() {
            continue;
        }
        let entry_problem = |message: String, hint: &str| {
            Diagnostic::new(format!("{}:{raw_name}", z.name), 1, 1, message).with_hint(hint)
        };
        let Some(path) = entry.enclosed_name().filter(|p| {
            p.components()
                .all(|c| matches!(c, std::path::Component::Normal(_)))
        }) else {
            problems.push(entry_problem(
                format!("the path `{raw_name}` climbs out of the zip (`..` or an absolute path): refused"),
                "zip the decklist files themselves, with plain names",
            ));
            continue;
        };
        let name = path.to_string_lossy().replace('\\', "/");
        if name.to_ascii_lowercase().ends_with(".zip") {
            problems.push(entry_problem(
                "a zip inside the zip is not read".into(),
                "put every decklist file in one zip",
            ));
            continue;
        }
        if budget.files >= MAX_REGISTRATIONS {
            problems.push(entry_problem(
                format!("refused: the upload has more than {MAX_REGISTRATIONS} decklist files, the limit; this one and the rest are not read"),
                "split the event into uploads of at most 5,000 players",
            ));
            break;
        }
        let declared = entry.size();
        let mut bytes = Vec::new();
        let limit = MAX_BYTES.min(MAX_EXPANDED.saturating_sub(budget.bytes));
        if let Err(e) = (&mut entry).take(limit as u64 + 1).read_to_end(&mut bytes) {
            // An entry whose header understates it is stopped by the reader, which
            // counts the bytes it expands against the header.
            let message = format!(
                "refused: cannot be expanded (its header declares {declared} bytes; a zip bomb, or a damaged zip): {e}"
            );
            problems.push(entry_problem(message, "zip it again"));
            continue;
        }
        if bytes.len() > limit {
            let why = if limit < MAX_BYTES {
                format!(
                    "the upload's zips together expand past {MAX_EXPANDED} bytes (64 MiB), the limit of one upload"
                )
            } else {
                format!("it expands past {MAX_BYTES} bytes (1 MiB), declaring {declared} bytes")
            };
            problems.push(entry_problem(
                format!("refused: {why} (a zip bomb, or not a decklist)"),
                "a decklist is a few kilobytes",
            ));
            if limit < MAX_BYTES {
                break;
            }
            continue;
        }
        budget.bytes += bytes.len();
        budget.files += 1;
        out.push(Upload { name, bytes });
    }
    out
}
