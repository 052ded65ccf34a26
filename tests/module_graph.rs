//! The module graph of the adjudication core (`src/rules`) and the games (`src/games`),
//! read from the source text: every `crate::…`, `super::…` and `self::…` path (in `use`
//! lines and in code, with `{…}` groups expanded) and every path through a child module,
//! outside comments, string literals and `#[cfg(test)]` items. Each file is one module
//! (an inline `mod x { … }` belongs to its file).
//!
//! - no import cycle among those modules (issue #14: `actions` ↔ `families/{death,
//!   defence,special}` was one);
//! - the battle-line engine's layers: the one-verb actions import nothing of the rules
//!   of damage and destruction, the families or the turn; those rules import no family
//!   but `auras` (values only) and not the turn;
//! - the core imports nothing from `crate::games`, `crate::web` or `crate::catalogue`;
//! - a game imports only `crate::rules`, `crate::grammar`, `crate::text` and its own
//!   modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A module path from the crate root, e.g. `["games", "battleline", "actions"]`.
type ModPath = Vec<String>;

/// One source file: its module path and its text.
struct Source {
    module: ModPath,
    file: String,
    text: String,
}

/// Every `.rs` file under `src/<dir>`, as modules.
fn sources(dir: &str) -> Vec<Source> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(ROOT).join("src").join(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(Path::new(ROOT).join("src")).unwrap();
                let mut module: ModPath = rel
                    .with_extension("")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if module.last().is_some_and(|m| m == "mod") {
                    module.pop();
                }
                out.push(Source {
                    module,
                    file: format!("src/{}", rel.display()),
                    text: std::fs::read_to_string(&p).expect("source reads"),
                });
            }
        }
    }
    out
}

/// The character at `i`, or NUL past the end.
fn ch(c: &[char], i: usize) -> char {
    c.get(i).copied().unwrap_or('\0')
}

/// The text without comments, string literals and character literals (each replaced by
/// a space), so that only code is left.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        if ch(&c, i) == '/' && ch(&c, i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch(&c, i) == '/' && ch(&c, i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && ch(&c, i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && ch(&c, i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if ch(&c, i) == 'r'
            && (ch(&c, i + 1) == '"'
                || (ch(&c, i + 1) == '#' && (ch(&c, i + 2) == '"' || ch(&c, i + 2) == '#')))
            && !(i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"…", r#"…"#.
            i += 1;
            let mut hashes = 0;
            while ch(&c, i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let rest: String = c[i..].iter().collect();
            i += rest
                .find(&close)
                .map_or(c.len(), |n| rest[..n].chars().count() + close.len());
            out.push(' ');
        } else if ch(&c, i) == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if ch(&c, i) == '\'' && (ch(&c, i + 1) == '\\' || ch(&c, i + 2) == '\'') {
            // A character literal ('x', '\n', '\''); a lifetime ('a) has no closing quote.
            i += if ch(&c, i + 1) == '\\' { 2 } else { 1 };
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Identifiers, `::` and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_whitespace() {
            i += 1;
        } else if c[i].is_alphanumeric() || c[i] == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            out.push(c[i].to_string());
            i += 1;
        }
    }
    out
}

/// The index just past the item starting at `i` (up to its `;` or its `{…}` block).
fn skip_item(t: &[String], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < t.len() {
        match t[i].as_str() {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            ";" if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// Reads a path starting at `t[i]` (`a::b::{c, d::*}`), expanding groups; returns the
/// paths (`self` in a group names the group's prefix) and the index after the path.
fn read_path(t: &[String], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    loop {
        match t.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                while i < t.len() && t[i] != "}" {
                    if t[i] == "," {
                        i += 1;
                        continue;
                    }
                    i = read_path(t, i, &path, out);
                    if t.get(i).is_some_and(|s| s == "as") {
                        i += 2;
                    }
                }
                return i + 1;
            }
            Some("*") => {
                out.push(path);
                return i + 1;
            }
            Some("self") if !path.is_empty() => i += 1,
            Some(s) if s.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                path.push(s.to_string());
                i += 1;
            }
            _ => {
                out.push(path);
                return i;
            }
        }
        if t.get(i).is_some_and(|s| s == "::") {
            i += 1;
        } else {
            out.push(path);
            return i;
        }
    }
}

/// Every path the code of `src` names from the crate root: `crate::`, `super::`,
/// `self::` and child-module paths resolved against the module they are written in,
/// and `crate::m!` macros mapped to the module that exports them (`macros`). Each
/// path says whether it is in a `pub use` (a re-export).
fn paths_of(
    src: &Source,
    children: &BTreeMap<ModPath, BTreeSet<String>>,
    macros: &BTreeMap<String, ModPath>,
) -> Vec<(ModPath, bool)> {
    let t = tokens(&code_only(&src.text));
    let mut found = Vec::new();
    // Inline modules: (name, brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut reexport = false;
    let mut i = 0;
    while i < t.len() {
        let here = |inline: &[(String, usize)]| -> ModPath {
            let mut m = src.module.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        let s = t[i].as_str();
        let prev = i.checked_sub(1).map(|p| t[p].as_str());
        if s == "#"
            && t[i..]
                .iter()
                .take(7)
                .map(String::as_str)
                .eq(["#", "[", "cfg", "(", "test", ")", "]"])
        {
            i = skip_item(&t, i + 7);
            continue;
        }
        if s == "mod" && t.get(i + 2).is_some_and(|b| b == "{") {
            inline.push((t[i + 1].clone(), depth + 1));
            depth += 1;
            i += 3;
            continue;
        }
        if s == "use" {
            reexport = matches!(prev, Some("pub") | Some(")"));
        } else if s == ";" {
            reexport = false;
        }
        if s == "{" {
            depth += 1;
        } else if s == "}" {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
        }
        let starts_path = t.get(i + 1).is_some_and(|n| n == "::")
            && !matches!(prev, Some("::") | Some("."))
            && (matches!(s, "crate" | "super" | "self")
                || children.get(&here(&inline)).is_some_and(|c| c.contains(s)));
        if !starts_path {
            i += 1;
            continue;
        }
        let mut raw = Vec::new();
        let end = read_path(&t, i, &[], &mut raw);
        let is_macro = t.get(end).is_some_and(|n| n == "!");
        for p in raw {
            let mut base = here(&inline);
            let mut segs = p.into_iter().peekable();
            match segs.peek().map(String::as_str) {
                Some("crate") => {
                    base.clear();
                    segs.next();
                }
                Some("self") => {
                    segs.next();
                }
                Some("super") => {
                    while segs.peek().is_some_and(|s| s == "super") {
                        base.pop();
                        segs.next();
                    }
                }
                _ => {}
            }
            base.extend(segs);
            if is_macro && base.len() == 1 {
                if let Some(m) = macros.get(&base[0]) {
                    base = m.clone();
                }
            }
            found.push((base, reexport));
        }
        i = end.max(i + 1);
    }
    found
}

/// The module graph of `src/rules` and `src/games`: each file's module and the other
/// modules it names (the longest known module prefix of each path; outside those two
/// folders, the path's first segment). A module's `pub use` of its own submodules'
/// items is its facade, not a dependency: `position/mod.rs` re-exports
/// `resolve::resolve`, which uses `position::Position`.
struct Graph {
    files: BTreeMap<ModPath, String>,
    edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

fn graph() -> Graph {
    let mut all = sources("rules");
    all.extend(sources("games"));
    assert!(
        all.iter()
            .any(|s| s.module == ["games", "battleline", "actions"]),
        "the battle-line engine is not where this test looks (src/games/battleline)"
    );
    let known: BTreeSet<ModPath> = all.iter().map(|s| s.module.clone()).collect();
    let mut children: BTreeMap<ModPath, BTreeSet<String>> = BTreeMap::new();
    for m in &known {
        if let Some((last, parent)) = m.split_last() {
            children
                .entry(parent.to_vec())
                .or_default()
                .insert(last.clone());
        }
    }
    // Inline modules (`pub mod caps { … }`) are children of their file too.
    for s in &all {
        let t = tokens(&code_only(&s.text));
        for w in t.windows(3) {
            if w[0] == "mod" && w[2] == "{" {
                children
                    .entry(s.module.clone())
                    .or_default()
                    .insert(w[1].clone());
            }
        }
    }
    let mut macros = BTreeMap::new();
    for s in &all {
        let t = tokens(&code_only(&s.text));
        for (k, w) in t.windows(4).enumerate() {
            let exported = t[..k].iter().rev().take(8).any(|x| x == "macro_export");
            if exported && w[0] == "macro_rules" && w[1] == "!" {
                macros.insert(w[2].clone(), s.module.clone());
            }
        }
    }
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for s in &all {
        let targets = edges.entry(s.module.clone()).or_default();
        for (p, reexport) in paths_of(s, &children, &macros) {
            let target = (1..=p.len())
                .rev()
                .map(|n| p[..n].to_vec())
                .find(|m| known.contains(m))
                .unwrap_or_else(|| p.iter().take(1).cloned().collect());
            let facade = reexport && target.starts_with(&s.module);
            if target != s.module && !target.is_empty() && !facade {
                targets.insert(target);
            }
        }
    }
    Graph {
        files: all.into_iter().map(|s| (s.module, s.file)).collect(),
        edges,
    }
}

fn name(m: &[String]) -> String {
    m.join("::")
}

/// Every cycle a depth-first search meets, each as `a → b → … → a` starting from its
/// least module, so that the same cycle always reads the same.
fn cycles(g: &Graph) -> BTreeSet<String> {
    fn visit(
        g: &Graph,
        m: &ModPath,
        stack: &mut Vec<ModPath>,
        done: &mut BTreeSet<ModPath>,
        found: &mut BTreeSet<String>,
    ) {
        if let Some(at) = stack.iter().position(|s| s == m) {
            let mut cycle: Vec<String> = stack[at..].iter().map(|s| name(s)).collect();
            let least = (0..cycle.len())
                .min_by_key(|k| cycle[*k].clone())
                .unwrap_or(0);
            cycle.rotate_left(least);
            cycle.push(cycle[0].clone());
            found.insert(cycle.join(" → "));
            return;
        }
        if done.contains(m) {
            return;
        }
        stack.push(m.clone());
        for next in g.edges.get(m).into_iter().flatten() {
            if g.files.contains_key(next) {
                visit(g, next, stack, done, found);
            }
        }
        stack.pop();
        done.insert(m.clone());
    }
    let mut found = BTreeSet::new();
    let mut done = BTreeSet::new();
    for m in g.files.keys() {
        visit(g, m, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

/// A path of imports from `from` to any module under `to`, if there is one.
fn reaches(g: &Graph, from: &[String], to: &[String]) -> Option<String> {
    let mut seen = BTreeSet::new();
    let mut queue = std::collections::VecDeque::from([vec![from.to_vec()]]);
    while let Some(route) = queue.pop_front() {
        let last = route.last().unwrap().clone();
        if route.len() > 1 && last.starts_with(to) {
            return Some(
                route
                    .iter()
                    .map(|m| name(m))
                    .collect::<Vec<_>>()
                    .join(" → "),
            );
        }
        if !seen.insert(last.clone()) {
            continue;
        }
        for next in g.edges.get(&last).into_iter().flatten() {
            let mut r = route.clone();
            r.push(next.clone());
            queue.push_back(r);
        }
    }
    None
}

fn m(path: &str) -> ModPath {
    path.split("::").map(String::from).collect()
}

#[test]
fn no_import_cycle_among_the_core_and_the_games() {
    let g = graph();
    let found = cycles(&g);
    let new: Vec<&String> = found.iter().collect();
    assert!(
        new.is_empty(),
        "import cycles among src/rules and src/games (each file is one module):\n{}",
        new.iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_battleline_engine_is_layered() {
    let g = graph();
    let bl = |s: &str| m(&format!("games::battleline::{s}"));
    // (module, what it must not reach, directly or through others)
    let mut rules: Vec<(ModPath, ModPath)> = Vec::new();
    for above in ["damage", "death", "families", "turn"] {
        rules.push((bl("actions"), bl(above)));
    }
    for core in ["damage", "death"] {
        rules.push((bl(core), bl("turn")));
        for family in g.files.keys() {
            let ability_family = family.starts_with(&bl("families")) && *family != bl("families");
            if ability_family && *family != bl("families::auras") {
                rules.push((bl(core), family.clone()));
            }
        }
    }
    rules.push((bl("damage"), bl("death")));
    rules.push((bl("families::auras"), bl("actions")));
    let mut broken = Vec::new();
    for (from, to) in &rules {
        assert!(g.files.contains_key(from), "no module {}", name(from));
        if let Some(route) = reaches(&g, from, to) {
            broken.push(format!(
                "{} must not import {}: {route}",
                name(from),
                name(to)
            ));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_core_imports_no_game_web_or_catalogue() {
    let g = graph();
    let mut bad = Vec::new();
    for (from, targets) in &g.edges {
        if from.first().is_some_and(|s| s == "rules") {
            for t in targets {
                if ["games", "web", "catalogue"].contains(&t[0].as_str()) {
                    bad.push(format!(
                        "{} ({}) imports {}",
                        name(from),
                        g.files[from],
                        name(t)
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_game_imports_only_the_core_grammar_text_and_itself() {
    let g = graph();
    let mut bad = Vec::new();
    for (from, targets) in &g.edges {
        let [games, game, ..] = from.as_slice() else {
            continue; // src/games/mod.rs: the registry, not a game
        };
        if games != "games" {
            continue;
        }
        for t in targets {
            let own = t.len() >= 2 && t[0] == "games" && t[1] == *game;
            if !own && !["rules", "grammar", "text"].contains(&t[0].as_str()) {
                bad.push(format!(
                    "{} ({}) imports {}",
                    name(from),
                    g.files[from],
                    name(t)
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The reader itself: groups, `self`, `super`, inline modules, test modules, comments
/// and strings, on a made-up file.
#[test]
fn the_reader_resolves_paths_as_rustc_would() {
    let src = Source {
        module: m("games::g::a"),
        file: "a.rs".into(),
        text: r#"
            use super::b::{self, c::{D, e as E}};
            use crate::rules::{cite, x::*};
            pub(crate) use inner::Y;
            // use crate::web::nothing;
            const S: &str = "crate::catalogue::nothing";
            pub mod inner { use super::super::f; fn g() { super::h(); } }
            fn k<'a>(x: &'a str) -> char { crate::text::fold(x); self::k2(); '"' }
            #[cfg(test)]
            mod tests { use crate::web::only_in_tests; }
            fn l() { crate::interpretation!(); }
        "#
        .into(),
    };
    let children = BTreeMap::from([(m("games::g::a"), BTreeSet::from(["inner".to_string()]))]);
    let macros = BTreeMap::from([("interpretation".to_string(), m("rules::interpret"))]);
    let got: BTreeSet<String> = paths_of(&src, &children, &macros)
        .iter()
        .map(|(p, reexport)| format!("{}{}", name(p), if *reexport { " (pub use)" } else { "" }))
        .collect();
    let want: BTreeSet<String> = [
        "games::g::b",
        "games::g::b::c::D",
        "games::g::b::c::e",
        "rules::cite",
        "rules::x",
        "games::g::a::inner::Y (pub use)",
        "games::g::f",
        "games::g::a::h",
        "text::fold",
        "games::g::a::k2",
        "rules::interpret",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(got, want);
}

/// Prints the graph: `cargo test --test all module_graph::print -- --ignored --nocapture`.
#[test]
#[ignore = "a tool for a reader, not a check: it prints the graph and asserts nothing"]
fn print_the_graph() {
    let g = graph();
    for (from, targets) in &g.edges {
        let to: Vec<String> = targets.iter().map(|t| name(t)).collect();
        println!("{} → {}", name(from), to.join(", "));
    }
}

/// The files whose code (comments and strings left out) names the crate `krate`.
fn files_naming(krate: &str) -> BTreeSet<String> {
    sources("")
        .into_iter()
        .filter(|s| tokens(&code_only(&s.text)).iter().any(|t| t == krate))
        .map(|s| s.file)
        .collect()
}

/// ARCHITECTURE.md: "only `catalogue::store`, `permalinks`, `rulings::store` and `sqlfile`
/// know SQL", and "only `search` knows Tantivy".
#[test]
fn only_the_stores_know_sql_and_only_search_knows_tantivy() {
    let sql = files_naming("rusqlite");
    let allowed = |f: &str| {
        f.starts_with("src/catalogue/store/")
            || f.starts_with("src/permalinks/")
            || f == "src/rulings/store.rs"
            || f == "src/sqlfile.rs"
    };
    let strays: Vec<_> = sql.iter().filter(|f| !allowed(f)).collect();
    assert!(strays.is_empty(), "SQL outside the stores: {strays:?}");
    assert!(
        sql.contains("src/rulings/store.rs"),
        "the check sees: {sql:?}"
    );
    let tantivy = files_naming("tantivy");
    let strays: Vec<_> = tantivy
        .iter()
        .filter(|f| !f.starts_with("src/search/"))
        .collect();
    assert!(strays.is_empty(), "Tantivy outside search: {strays:?}");
    assert!(!tantivy.is_empty());
}
