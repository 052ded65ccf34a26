//! `arbiter adjudicate`: reads a position (or a saved step-through state), picks its
//! game, plays it out with the rules engine and prints the log or the JSON. The engine
//! itself is the library's (`arbiter::rules`, `arbiter::adjudicate`); opening the
//! catalogue is `main.rs`'s shared helper; the capped read of a regular file is
//! `arbiter::files`'. Every line of text it prints has its control characters escaped
//! (`arbiter::text::escape_controls_by_line`): a position's names reach the terminal as
//! text, never as escape sequences; the JSON relies on JSON's own escaping.

use crate::{fail, open_catalogue, EXIT_BAD_INPUT};
use arbiter::files::{read_capped, read_capped_from, FileError};
use arbiter::text::escape_controls_by_line;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `arbiter adjudicate` was asked to do.
pub(crate) struct AdjudicateConfig {
    pub(crate) position: PathBuf,
    pub(crate) turns: Option<u32>,
    pub(crate) seed: Option<u64>,
    pub(crate) json: bool,
}

pub(crate) fn adjudicate(db: &Path, cfg: &AdjudicateConfig) -> ExitCode {
    use arbiter::adjudicate::errors_text;
    use arbiter::games::{self, battleline::Battleline, GameId};
    let file = cfg.position.display().to_string();
    let cap = arbiter::rules::position::JSON_BYTES;
    let bytes = if file == "-" {
        read_capped_from(std::io::stdin().lock(), cap)
    } else {
        read_capped(&cfg.position, cap)
    };
    let text = match bytes.map(String::from_utf8) {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => {
            let line = arbiter::diag::utf8_error_line(&e);
            eprintln!(
                "{}",
                escape_controls_by_line(&format!(
                    "error: {file}:{line}: the file is not valid UTF-8; save it as UTF-8 text"
                ))
            );
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(FileError::TooLarge { size, .. }) => {
            eprintln!(
                "{}",
                escape_controls_by_line(&format!(
                    "error: {file}: the position is {size} bytes; the limit is {cap} bytes"
                ))
            );
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(e @ FileError::NotAFile(_)) => {
            eprintln!(
                "{}",
                escape_controls_by_line(&format!(
                    "error: {file}: {e}; name a position file, or `-` for standard input"
                ))
            );
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(FileError::Io(e)) => {
            eprintln!(
                "{}",
                escape_controls_by_line(&format!("error: {file}: {e}"))
            );
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    // The position's `game` picks the game that reads and plays it.
    match games::which(&text) {
        Ok(GameId::Battleline) => adjudicate_game::<Battleline>(db, cfg, &file, &text),
        Ok(GameId::Swtcg) => adjudicate_game::<games::swtcg::Swtcg>(db, cfg, &file, &text),
        Ok(GameId::Keyforge) => adjudicate_game::<games::keyforge::Keyforge>(db, cfg, &file, &text),
        Ok(GameId::Arcane) => adjudicate_game::<games::arcane::Arcane>(db, cfg, &file, &text),
        Ok(GameId::Karth) => adjudicate_game::<games::karth::Karth>(db, cfg, &file, &text),
        Err(e) => {
            eprint!("{}", escape_controls_by_line(&errors_text(&file, &[e])));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// `adjudicate` for game `G`: read the position (or saved state, or fixture), open the
/// catalogue (unless the position names no card), play it out, print the log or the JSON.
fn adjudicate_game<G: arbiter::adjudicate::CatalogueGame>(
    db: &Path,
    cfg: &AdjudicateConfig,
    file: &str,
    text: &str,
) -> ExitCode {
    use arbiter::adjudicate::{errors_text, log_text};
    use arbiter::rules::{self, PlayConfig, RecordConfig};
    // A position, or a state saved from the step-through (its step is named below).
    let (mut position, saved_step) = match arbiter::games::read_opened::<G>(text) {
        Ok(opened) => opened,
        Err(errors) => {
            eprint!("{}", escape_controls_by_line(&errors_text(file, &errors)));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    G::configure(
        &mut position,
        &PlayConfig {
            seed: cfg.seed,
            turns: cfg.turns,
        },
    );
    let record = RecordConfig { states: cfg.json };
    let play = |cards: &G::Cards<'_>| rules::adjudicate::<G>(&position, cards, record);
    // A position that names no card is played without opening the catalogue.
    let adjudicated = match G::without_catalogue(&position, play) {
        Some(adjudicated) => adjudicated,
        None => match open_catalogue(db) {
            Ok(cat) => G::with_cards(&cat, play),
            Err(e) => return fail(&e),
        },
    };
    let adj = match adjudicated {
        Ok(a) => a,
        Err(errors) => {
            eprint!("{}", escape_controls_by_line(&errors_text(file, &errors)));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    if cfg.json {
        match serde_json::to_string_pretty(&adj) {
            Ok(j) => outln!("{j}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        out!("{}", escape_controls_by_line(&log_text(&adj)));
        if saved_step > 0 {
            outln!("(the saved state was at step {saved_step})");
        }
    }
    if let Some(e) = rules::input_error(&adj) {
        eprintln!("{}", escape_controls_by_line(&format!("{file}: {e}")));
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    ExitCode::SUCCESS
}
