//! Arcane Legions special abilities (seed 004): readiness and its timestamps,
//! activation (restriction, costs, the one Special Order), trigger counting and
//! readiness at the event, optional and costed triggers, statics and precedence by
//! recency, both readings of every interpretation, located position errors, the
//! fixtures' log snapshots (`tests/fixtures/arcane/`), and the documents (every seed
//! sentence cited verbatim, every house rule quoted in `docs/rules/arcane.md`, the
//! interpretations table current).
//!
//! Each behaviour test quotes the seed sentence it tests in a comment.

use std::path::Path;

use arbiter::adjudicate::{log_text, ArcaneCards};
use arbiter::catalogue::Catalogue;
use arbiter::games::arcane::{self, cite, Arcane, Change, NoCards, Position, State, INTERPRETATIONS};
use arbiter::rules::{self, Game, RecordConfig};
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn catalogue() -> Catalogue {
    let set = arbiter::catalogue::validate(&Path::new(ROOT).join("data")).expect("bundled data");
    Catalogue::from_data(set, "test".into())
}

fn position(v: Value) -> Position {
    Position::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `v` (inline units, or catalogue cards) to the end.
fn play(v: Value) -> (arcane::Adjudication, State) {
    let p = position(v);
    let cat = catalogue();
    let cards = ArcaneCards(&cat);
    let mut st = arcane::resolve(&p, &cards).unwrap_or_else(|e| panic!("{e:?}"));
    let adj = rules::play_out::<Arcane>(&mut st, RecordConfig { states: false });
    (adj, st)
}

fn changes(adj: &arcane::Adjudication) -> Vec<&Change> {
    adj.steps.iter().flat_map(|s| &s.events).map(|e| &e.change).collect()
}

fn cites(adj: &arcane::Adjudication, sentence: &str) -> bool {
    adj.steps
        .iter()
        .flat_map(|s| &s.events)
        .any(|e| e.rule.sentence == sentence || e.rule.house.is_some_and(|h| h.sentence == sentence))
}

fn rejected(adj: &arcane::Adjudication) -> Vec<String> {
    changes(adj)
        .iter()
        .filter_map(|c| match c {
            Change::Rejected(r) => Some(r.reason.clone()),
            _ => None,
        })
        .collect()
}

fn count(adj: &arcane::Adjudication, f: impl Fn(&Change) -> bool) -> usize {
    changes(adj).into_iter().filter(|c| f(c)).count()
}

fn players() -> Value {
    json!([{"name": "Alice", "op": 3}, {"name": "Bob", "op": 3}])
}

// ---------------------------------------------------------------------------------------
// Fixtures, documents

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    about: String,
    cites: Vec<Cited>,
    position: Value,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Cited {
    rule: String,
    sentence: String,
}

#[test]
fn every_arcane_fixture() {
    let cat = catalogue();
    let cards = ArcaneCards(&cat);
    insta::glob!("fixtures/arcane/*.json", |path| {
        let text = std::fs::read_to_string(path).expect("fixture reads");
        let fx: Fixture = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let p = Position::from_json(&fx.position.to_string()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let adj = arcane::adjudicate(&p, &cards, RecordConfig { states: false })
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        for c in &fx.cites {
            assert!(
                adj.steps.iter().flat_map(|s| &s.events).any(|e| e.rule.rests_on(&c.rule, &c.sentence)),
                "{}: cites {} {:?} but no event does",
                path.display(),
                c.rule,
                c.sentence
            );
        }
        let final_json = serde_json::to_string_pretty(&adj.final_position).expect("json");
        let mut settings = insta::Settings::clone_current();
        settings.set_description(fx.about.clone());
        settings.set_omit_expression(true);
        settings.bind(|| {
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("fixture");
            insta::assert_snapshot!(name, format!("{}\nfinal position:\n{final_json}\n", log_text(&adj)));
        });
    });
}
