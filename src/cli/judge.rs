//! `arbiter judge add NAME` / `list` / `remove NAME`: the judges' accounts, kept in the
//! judges' store beside the catalogue (`arbiter::rulings::store`). `add` reads the
//! password from standard input: on a terminal it asks twice without echo; otherwise it
//! reads one line. The password is never printed, logged or put on the command line.

use crate::EXIT_BAD_INPUT;
use arbiter::rulings::store::{self, JudgeStore, StoreError, MAX_PASSWORD_BYTES};
use arbiter::text::escape_controls_by_line;
use std::io::{BufRead, IsTerminal, Read};
use std::path::Path;
use std::process::ExitCode;

/// What `arbiter judge` was asked.
pub(crate) enum JudgeCommand {
    Add(String),
    List,
    Remove(String),
}

pub(crate) fn judge(db: &Path, command: JudgeCommand) -> ExitCode {
    match run(db, command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", escape_controls_by_line(&e.to_string()));
            if e.is_bad_input() {
                ExitCode::from(EXIT_BAD_INPUT)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Why a judge command failed.
#[derive(Debug, thiserror::Error)]
enum JudgeError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the password could not be read from standard input: {0}")]
    Read(std::io::Error),
    #[error("no password on standard input (expected one line)")]
    NoPassword,
    #[error("the two passwords differ; nothing was changed")]
    Mismatch,
}

impl JudgeError {
    fn is_bad_input(&self) -> bool {
        match self {
            JudgeError::Store(e) => e.is_bad_input(),
            JudgeError::Read(_) => false,
            JudgeError::NoPassword | JudgeError::Mismatch => true,
        }
    }
}

fn run(db: &Path, command: JudgeCommand) -> Result<(), JudgeError> {
    let path = store::path_for(db);
    match command {
        JudgeCommand::Add(name) => {
            // The name is checked before a password is asked for.
            if !store::is_name(&name) {
                return Err(StoreError::BadName(name).into());
            }
            let judges = JudgeStore::open(&path)?;
            let password = read_password()?;
            judges.add_judge(&name, &password)?;
            outln!("added judge {name} to {}", path.display());
        }
        JudgeCommand::List => {
            let judges = JudgeStore::open(&path)?;
            for j in judges.judges()? {
                outln!("{}\t{}", j.name, store::date_of(j.created));
            }
        }
        JudgeCommand::Remove(name) => {
            let judges = JudgeStore::open(&path)?;
            judges.remove_judge(&name)?;
            outln!("removed judge {name}; their rulings stay published");
        }
    }
    Ok(())
}

/// The password: asked twice without echo on a terminal, else the first line of
/// standard input (its line ending dropped; at most [`MAX_PASSWORD_BYTES`] read).
fn read_password() -> Result<String, JudgeError> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ").map_err(JudgeError::Read)?;
        let again = rpassword::prompt_password("Again: ").map_err(JudgeError::Read)?;
        if first != again {
            return Err(JudgeError::Mismatch);
        }
        return Ok(first);
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .take(MAX_PASSWORD_BYTES as u64 + 2)
        .read_line(&mut line)
        .map_err(JudgeError::Read)?;
    let line = line
        .strip_suffix('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .unwrap_or(&line);
    if line.is_empty() {
        return Err(JudgeError::NoPassword);
    }
    Ok(line.to_string())
}
