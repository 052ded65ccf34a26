//! Writes a synthetic data directory: `cargo run --release --example gen_cards -- N DIR [SEED]`.
//! The bundled games, keywords, rules and factions are copied; N cards are generated.

use arbiter::config::default_data_dir;
use arbiter::synth::{generate, SynthConfig};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(n), Some(dir)) = (args.first().and_then(|n| n.parse().ok()), args.get(1)) else {
        eprintln!("usage: gen_cards N DIR [SEED]   (N: number of cards, a whole number)");
        return ExitCode::from(2);
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let base = default_data_dir();
    let data = match arbiter::catalogue::validate(&base) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("the bundled data is invalid:\n{e}");
            return ExitCode::FAILURE;
        }
    };
    match generate(
        &base,
        &data,
        &PathBuf::from(dir),
        &SynthConfig { cards: n, seed },
    ) {
        Ok(()) => {
            eprintln!("wrote {n} cards to {dir}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
