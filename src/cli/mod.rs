//! The command line's subcommands, one module each: what a subcommand was asked
//! (its config), how it runs and what it prints, and its exit code. The clap
//! definitions, the output macros and the helpers several subcommands share (opening
//! the catalogue, exit codes) stay in `main.rs`; capped reads of regular files are the
//! library's (`arbiter::files`). This is the binary's code, not the library's
//! (`src/lib.rs` does not declare it).

pub(crate) mod adjudicate;
pub(crate) mod check;
pub(crate) mod event;
pub(crate) mod import;
pub(crate) mod judge;
pub(crate) mod rulings;
pub(crate) mod search;
pub(crate) mod serve;
