//! Every integration test, in one test binary: each file under `tests/` is a module here,
//! so the crate is linked once for all of them (24 binaries took 10 of `cargo test`'s
//! 11.5 minutes and most of its 9.7 GB on 2 cores). Run one file's tests with
//! `cargo test --test all <file>::`, e.g. `cargo test --test all engine_docs::`.

mod common;

mod adjudicate_web;
mod arcane_builder_web;
mod browser;
mod browser_adjudicate;
mod browser_arcane;
mod browser_builders;
mod browser_decks;
mod browser_events;
mod browser_reading;
mod browser_rulings;
mod builder_forms;
mod builders_web;
mod catalogue_disk;
mod cli;
mod cli_files;
mod core_game;
mod crawl;
mod decks;
mod decks_web;
mod deep_input;
mod engine_arcane;
mod engine_arcane_judge;
mod engine_arcane_read;
mod engine_docs;
mod engine_karth;
mod engine_keyforge;
mod engine_positions;
mod engine_props;
mod engine_surfaces;
mod engine_swtcg;
mod events;
mod game_syntax;
mod import;
mod judges_cli;
mod judges_web;
mod karth_builder;
mod karth_surfaces;
mod keyword_rulings;
mod module_graph;
mod parsers_prop;
mod permalink_budget;
mod position_errors;
mod reading_pages;
mod rulings_data;
mod rulings_import;
mod rulings_pages;
mod search;
mod step_depth;
mod step_links;
mod swtcg_odds;
mod web;
mod web_contract;
mod web_hardening;
mod web_heavy;
mod web_pages;
mod web_resources;
mod web_search;
