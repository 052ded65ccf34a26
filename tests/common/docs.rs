//! The generated parts of the documents: tables between `<!-- NAME:start -->` and
//! `<!-- NAME:end -->` that tests write (with `UPDATE_DOCS=1`) or check against the code,
//! so `docs/` never drifts from what the engines do. Only the mechanics live here; what
//! each table says is its test's.

use arbiter::rules::interpret::InterpretationInfo;
use std::path::PathBuf;

/// Replaces the text between `<!-- NAME:start -->` and `<!-- NAME:end -->` in `rel` (a
/// path from the crate's root) with `body` under `UPDATE_DOCS`, or checks it is `body`.
pub fn generated(rel: &str, name: &str, body: &str) {
    // Tests run four at a time and several regenerate tables of the same file: one
    // read-modify-write at a time, or an update loses another's table.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&path).expect("doc reads");
    let (start, end) = (
        format!("<!-- {name}:start -->\n"),
        format!("<!-- {name}:end -->"),
    );
    let a = text
        .find(&start)
        .unwrap_or_else(|| panic!("{rel}: no {start}"))
        + start.len();
    let b = text.find(&end).unwrap_or_else(|| panic!("{rel}: no {end}"));
    if std::env::var("UPDATE_DOCS").is_ok() {
        let new = format!("{}{body}{}", &text[..a], &text[b..]);
        std::fs::write(&path, new).expect("doc writes");
    } else {
        assert!(
            text[a..b] == *body,
            "{rel}: the {name} table is stale; run UPDATE_DOCS=1 cargo test --test all"
        );
    }
}

/// A game's interpretations as its rules document's table: each key (an anchor the
/// pages link to), question, sentence (the rule named by `rule`) and both readings,
/// the default first.
pub fn interpretations_table(
    interpretations: &[InterpretationInfo],
    rule: impl Fn(&str) -> String,
) -> String {
    let mut body = String::from(
        "| key | question | seed sentence | readings (default first) |\n| --- | --- | --- | --- |\n",
    );
    for i in interpretations {
        let readings: Vec<String> = i
            .readings
            .iter()
            .map(|(v, m)| format!("`{v}`: {m}"))
            .collect();
        body.push_str(&format!(
            "| <a id=\"interpretation-{}\"></a>`{}` | {} | {}: \"{}\" | {} |\n",
            i.key,
            i.key,
            i.question,
            rule(i.rule),
            i.sentence,
            readings.join("<br>")
        ));
    }
    body
}
