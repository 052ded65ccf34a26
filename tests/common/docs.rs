//! The generated parts of the documents: tables between `<!-- NAME:start -->` and
//! `<!-- NAME:end -->` that tests write (with `UPDATE_DOCS=1`) or check against the code,
//! so `docs/` never drifts from what the engines do. Only the mechanics live here; what
//! each table says is its test's. Also what counts as a test of a seed sentence in
//! `docs/traceability.md` ([`Evidence`]): a test that asserts the behaviour, not one that
//! only quotes the words.

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

/// The tests of a seed's sentences, as `docs/traceability.md` counts them: a fixture
/// counts for a sentence only when its recorded log (its `insta` snapshot) cites the
/// sentence, so the engine was seen deciding by it, not when its JSON merely quotes it;
/// a Rust test counts only when it quotes the sentence in a `// seed NNN …` comment
/// inside a `#[test]` function that asserts something.
pub struct Evidence {
    /// `(fixture, the citation lines of its recorded log for this seed)`.
    logs: Vec<(String, Vec<String>)>,
    /// `(test, its `// seed NNN` comment lines)`, for asserting tests only.
    tests: Vec<(String, Vec<String>)>,
}

impl Evidence {
    /// The evidence for seed `seed` (`"004"`): the fixtures of `fixtures` (a folder of
    /// `tests/`, e.g. `fixtures/arcane`) and the `#[test]` functions of `sources`, each a
    /// file from the crate's root and the module name it is shown under.
    pub fn new(seed: &str, fixtures: &str, sources: &[(&str, &str)]) -> Evidence {
        let cited = format!("(seed {seed} ");
        let logs = recorded_logs(fixtures)
            .into_iter()
            .map(|(fixture, log)| {
                let lines = log
                    .lines()
                    .filter(|l| l.contains(&cited))
                    .map(str::to_string)
                    .collect();
                (fixture, lines)
            })
            .collect();
        let needle = format!("// seed {seed}");
        let mut tests = Vec::new();
        for (file, module) in sources {
            let source = read(file);
            for (name, body) in test_functions(&source) {
                if !body.contains("assert") {
                    continue;
                }
                let quotes: Vec<String> = body
                    .lines()
                    .map(str::trim)
                    .filter(|l| l.starts_with(&needle))
                    .map(str::to_string)
                    .collect();
                if !quotes.is_empty() {
                    tests.push((format!("{module}::{name}"), quotes));
                }
            }
        }
        Evidence { logs, tests }
    }

    /// The tests of `sentence`, fixtures first, each as a table cell shows it.
    pub fn of(&self, sentence: &str) -> Vec<String> {
        let quoted = format!("\"{sentence}\"");
        let escaped = sentence.replace('"', "\\\"");
        let mut found: Vec<String> = self
            .logs
            .iter()
            .filter(|(_, lines)| lines.iter().any(|l| l.contains(&quoted)))
            .map(|(fixture, _)| format!("`{fixture}`"))
            .collect();
        for (test, quotes) in &self.tests {
            // Quoted: the sentence opens or closes a quotation (a comment may quote two).
            let quotes_it = quotes.iter().any(|l| {
                [sentence, escaped.as_str()]
                    .iter()
                    .any(|s| l.contains(&format!("\"{s}")) || l.contains(&format!("{s}\"")))
            });
            if quotes_it {
                found.push(format!("`{test}`"));
            }
        }
        found
    }
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap_or_default()
}

/// Every fixture of `tests/<dir>` with a recorded log: `(tests/<dir>/<name>.json, the
/// snapshot's text)`, by fixture, from the snapshots' `input_file` headers.
fn recorded_logs(dir: &str) -> Vec<(String, String)> {
    let snapshots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let prefix = format!("input_file: tests/{dir}/");
    let mut out: Vec<(String, String)> = std::fs::read_dir(snapshots)
        .map(|d| d.flatten().map(|e| e.path()).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let header = text.split("\n---\n").next()?;
            let line = header.lines().find(|l| l.starts_with(&prefix))?;
            let fixture = line.strip_prefix("input_file: ")?.trim().to_string();
            Some((fixture, text))
        })
        .collect();
    out.sort();
    out
}

/// The `#[test]` functions of Rust `source`: `(name, body)`. A body runs from the
/// comment lines just above its `#[test]` (a test's own heading) through its `fn` line to
/// the first line after it that closes at the `fn`'s indentation (as rustfmt writes every
/// function).
pub fn test_functions(source: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "#[test]" {
            i += 1;
            continue;
        }
        let Some(f) = (i + 1..lines.len()).find(|&j| lines[j].trim_start().starts_with("fn "))
        else {
            break;
        };
        let indent = &lines[f][..lines[f].len() - lines[f].trim_start().len()];
        let close = format!("{indent}}}");
        let end = (f + 1..lines.len())
            .find(|&j| lines[j] == close)
            .unwrap_or(lines.len() - 1);
        let name: String = lines[f]
            .trim_start()
            .trim_start_matches("fn ")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut start = i;
        while start > 0 && lines[start - 1].trim_start().starts_with("//") {
            start -= 1;
        }
        out.push((name, lines[start..=end].join("\n")));
        i = end + 1;
    }
    out
}
