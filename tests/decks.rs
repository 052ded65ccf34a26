//! Deck validation (issue #4): one fixture per rule, the decklist reader's edge cases,
//! formats as data, and a property test of single-card changes to a legal deck.

use crate::common;

use arbiter::catalogue::{self, Catalogue};
use arbiter::decks::{
    self, parse_decklist, parse_decklists, parse_json, DeckValidator, Severity, Verdict,
};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::LazyLock;

/// The bundled catalogue, validated in memory once (no SQLite needed for the rules).
static CAT: LazyLock<Catalogue> = LazyLock::new(|| {
    let data = catalogue::validate(&common::bundled()).expect("the bundled data is valid");
    Catalogue::from_data(data, "test".into())
});
static STANDARD: LazyLock<DeckValidator> =
    LazyLock::new(|| DeckValidator::new(&CAT, "standard").expect("standard exists"));

fn fixtures() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/decks"))
}

fn check(text: &str) -> Verdict {
    STANDARD.validate(&parse_decklist(text))
}

/// The rules cited by errors and warnings (notes are not rule breaches).
fn cited(v: &Verdict) -> BTreeSet<String> {
    v.violations
        .iter()
        .filter(|x| x.severity != Severity::Note)
        .map(|x| x.rule.clone())
        .collect()
}

fn legal_text() -> String {
    std::fs::read_to_string(fixtures().join("rules/legal.txt")).unwrap()
}

// rule 3.1 (karth-deck-building.md): "A deck's total gold value is at most 100."
// rule 3.2 (karth-deck-building.md): "A deck has exactly 2 hero cards."
// rule 3.3 (karth-deck-building.md): "The 10/10/10 rule: at least 10 Barrack, 10 Treasury and 10 Spellbook cards."
// rule 3.4 (karth-deck-building.md): "Barrack, Treasury and Spellbook cards together make exactly 45 cards."
// rule 3.5 (karth-deck-building.md): "Tokens are not among the 45. They form a separate token pile."
// rule 3.6 (karth-deck-building.md): "A token whose value is above 0 counts toward the 100 gold (also 5.5.3)."
// rule 3.7 (karth-deck-building.md): "At most 3 copies of any one card. Zero-value tokens and terrain cards are exempt (also 5.5.2: no limit on zero-value tokens)."
// rule 3.8 (karth-deck-building.md): "Cards of different factions cannot be mixed in one deck."
// rule 3.9 (karth-deck-building.md): "Ally cards can be mixed only when their factions are allied with each other."
// rule 3.10 (karth-deck-building.md): "Neutral cards carry both the Allegiance and the Shard symbol and fit any deck. Mercenaries are allied with either the Shard or the Allegiance."
// rule 3.11 (karth-deck-building.md): "A deck has at least 16 terrain cards."
// rule 3.12 (karth-deck-building.md): "At most 3 terrain cards that affect movement (MV), such as Water, Forest and Teleporter (5.10)."
// seed 001 5.1.1: "Any Shard Hero can be added to factions allied to the Shard."
// seed 001 5.1.2: "A Player cannot have two of the same Shard Hero on the Battlefield."
// seed 001 5.5.2: "There is no limit to the number of tokens that can accompany a Player's deck."
// seed 001 5.5.3: "Tokens that have a value greater than 0 can be included as part of a Players Token Pile if it is calculated as part of the 100 total value of a Players deck."
// seed 001 5.6.2: "Items have limits on what types of classes can use the cards (specified on the card)."
// issue #4 §4: "`data/legality.csv` holds game, format, card, and status: `banned`, or `restricted` (at most 1 copy)."
//
// Each file of tests/fixtures/decks/rules/ breaks exactly the rule(s) of its first line
// (`# expect: 3.4`, or `# expect: legal`), optionally in the format of `# format: NAME`;
// the verdict must cite exactly those rules and nothing else, and is snapshotted.
#[test]
fn each_rule_fixture_breaks_exactly_its_rule() {
    let dir = fixtures().join("rules");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut covered = BTreeSet::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let expect = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect:"))
            .unwrap_or_else(|| panic!("{}: no `# expect:` line", path.display()))
            .trim()
            .to_string();
        let format = text
            .lines()
            .find_map(|l| l.strip_prefix("# format:"))
            .map(|f| f.trim().to_string())
            .unwrap_or_else(|| "standard".into());
        let v = DeckValidator::new(&CAT, &format)
            .unwrap()
            .validate(&parse_decklist(&text));
        let want: BTreeSet<String> = if expect == "legal" {
            BTreeSet::new()
        } else {
            expect.split(',').map(|s| s.trim().to_string()).collect()
        };
        assert_eq!(cited(&v), want, "{}: {:#?}", path.display(), v.violations);
        let warnings_only = v.violations.iter().all(|x| x.severity != Severity::Error);
        assert_eq!(v.legal, warnings_only, "{}", path.display());
        if expect == "legal" {
            assert!(v.legal, "{}", path.display());
        }
        // Every violation of a rulebook rule says actual against allowed or names lines.
        for x in &v.violations {
            assert!(!x.message.is_empty());
            if x.severity == Severity::Error {
                assert!(x.allowed.is_some(), "{}: {x:?}", path.display());
            }
        }
        covered.extend(want);
        let stem = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace('.', "_");
        insta::assert_json_snapshot!(format!("rule_{stem}"), v);
    }
    for rule in [
        "3.1",
        "3.2",
        "3.3",
        "3.4",
        "3.5",
        "3.6",
        "3.7",
        "3.8",
        "3.9",
        "3.11",
        "3.12",
        "5.1",
        "5.1.2",
        "5.6.2",
        "format:league",
    ] {
        assert!(covered.contains(rule), "no fixture breaks {rule}");
    }
}

#[test]
fn the_bundled_example_decks_are_legal() {
    for f in [
        "legal_obsidian-covenant.txt",
        "legal_silverhold-vanguard.txt",
    ] {
        let v = check(&std::fs::read_to_string(fixtures().join(f)).unwrap());
        assert!(v.legal, "{f}: {:#?}", v.violations);
        assert!(v.violations.is_empty(), "{f}: {:#?}", v.violations);
        assert_eq!(v.summary.main_deck, 45);
        assert_eq!(v.summary.counts.heroes, 2);
    }
}

// rule 3.1 (karth-deck-building.md): "A deck's total gold value is at most 100."
// D1: heroes and terrain count toward the 100 gold.
#[test]
fn gold_counts_heroes_terrain_and_valued_tokens() {
    let v = check(&legal_text());
    // 23 (heroes) + 18 + 18 + 20 (main deck) + 8 (terrain) + 2 (Stone Golem) = 89
    assert_eq!(v.summary.gold_total, 89);
    assert_eq!(v.summary.token_gold, 2);
    assert_eq!(v.summary.token_pile.len(), 2);
    assert_eq!(v.summary.heroes.len(), 2);
    assert_eq!(v.summary.heroes[0].side, "Shard");
    let over = check(&std::fs::read_to_string(fixtures().join("rules/3.1_gold.txt")).unwrap());
    let x = &over.violations[0];
    assert_eq!(x.rule, "3.1");
    assert!(x.message.starts_with("103 / 100 gold"), "{}", x.message);
    assert_eq!(x.actual.as_deref(), Some("103"));
    assert_eq!(x.allowed.as_deref(), Some("100"));
    assert_eq!(x.decision.as_deref(), Some("D1"));
}

// Every violation at once: a deck breaking four rules reports all four.
// rule 3.2 (karth-deck-building.md): "A deck has exactly 2 hero cards."
// rule 3.4 (karth-deck-building.md): "Barrack, Treasury and Spellbook cards together make exactly 45 cards."
// rule 3.7 (karth-deck-building.md): "At most 3 copies of any one card."
// rule 3.11 (karth-deck-building.md): "A deck has at least 16 terrain cards."
#[test]
fn every_violation_is_reported_at_once() {
    let v = check("Faction: Obsidian Covenant\n1 Vharzul the Ember-Eyed\n5 Spark\n3 Grassland\n");
    let rules = cited(&v);
    for r in ["3.2", "3.3", "3.4", "3.7", "3.11"] {
        assert!(rules.contains(r), "{r}: {rules:?}");
    }
    assert!(!v.legal);
    assert_eq!(
        v.errors,
        v.violations
            .iter()
            .filter(|x| x.severity == Severity::Error)
            .count()
    );
}

#[test]
fn blank_lines_tabs_and_count_forms() {
    let text = legal_text()
        .replace("3 Spark", "\t3x\tSpark  ")
        .replace("3 Obsidian Curse", "3X Obsidian Curse")
        .replace("2 Gust of Wind", "1 Gust of Wind\n\n   \nGust of Wind")
        .replace("1 Mana Pool", "mana pool");
    let v = check(&text);
    assert!(v.legal, "{:#?}", v.violations);
    // The two Gust of Wind lines add up, with a note.
    let note = v
        .violations
        .iter()
        .find(|x| x.severity == Severity::Note)
        .expect("a note");
    assert_eq!(note.cards, vec!["Gust of Wind"]);
    assert_eq!(note.lines.len(), 2);
    assert!(note.message.contains("add up to 2"), "{}", note.message);
}

#[test]
fn bom_and_crlf_are_accepted_and_lines_still_count() {
    let text = format!("\u{feff}{}", legal_text().replace('\n', "\r\n"));
    let v = check(&text);
    assert!(v.legal, "{:#?}", v.violations);
    let broken = text.replace("3 Spark", "3 Sprak");
    let v = check(&broken);
    let x = v.violations.iter().find(|x| x.rule == "card").unwrap();
    let line = legal_text().lines().position(|l| l == "3 Spark").unwrap() + 1;
    assert_eq!(x.lines, vec![line]);
}

#[test]
fn unknown_card_has_its_line_and_did_you_mean() {
    let v = check("Faction: Obsidian Covenant\n3 Obsidain Acolyte\n");
    let x = &v.violations[0];
    assert_eq!(x.rule, "card");
    assert_eq!(x.severity, Severity::Error);
    assert_eq!(x.lines, vec![2]);
    assert!(x.message.contains("Obsidain Acolyte"), "{}", x.message);
    assert!(
        x.suggestion
            .as_deref()
            .unwrap()
            .contains("`Obsidian Acolyte`"),
        "{:?}",
        x.suggestion
    );
}

#[test]
fn card_names_fold_case_and_curly_quotes() {
    let v = check(
        &legal_text()
            .replace("3 Spark", "3 SPARK")
            .replace("3 Quick Step", "3 quick  step"),
    );
    assert!(v.legal, "{:#?}", v.violations);
}

#[test]
fn a_card_under_the_wrong_header_is_a_warning() {
    let text = legal_text()
        .replace("Barrack\n", "Barrack\n3 Spark\n")
        .replace("\n3 Spark\n3 Obsidian Curse", "\n3 Obsidian Curse");
    let v = check(&text);
    assert!(v.legal, "{:#?}", v.violations);
    let w: Vec<_> = v
        .violations
        .iter()
        .filter(|x| x.severity == Severity::Warning)
        .collect();
    assert_eq!(w.len(), 1, "{w:#?}");
    assert_eq!(w[0].rule, "decklist");
    assert!(
        w[0].message.contains("listed under Barrack"),
        "{}",
        w[0].message
    );
    assert_eq!(w[0].suggestion.as_deref(), Some("move it under Spellbook"));
}

#[test]
fn bad_counts_are_located_errors() {
    let v = check(
        "Faction: Obsidian Covenant\n0 Spark\n1000 Spark\n99999999999999999999999 Spark\n3x\n",
    );
    let lines: Vec<usize> = v
        .violations
        .iter()
        .filter(|x| x.rule == "decklist")
        .flat_map(|x| x.lines.clone())
        .collect();
    assert_eq!(lines, vec![2, 3, 4, 5]);
    assert!(v.violations[0].message.contains("0 copies"));
    assert!(v.violations[1].message.contains("counts are 1 to 99"));
}

#[test]
fn a_ten_thousand_line_garbage_file_gets_a_clear_capped_answer() {
    let garbage: String = (0..10_000)
        .map(|i| format!("zx{i}qv !! garbage line {i}\n"))
        .collect();
    let v = check(&garbage);
    assert!(!v.legal);
    assert!(
        v.violations.len() <= decks::MAX_VIOLATIONS + 2,
        "{}",
        v.violations.len()
    );
    assert!(
        v.violations[0]
            .message
            .contains("does not look like a Heroes of Karth decklist"),
        "{}",
        v.violations[0].message
    );
    let last = v.violations.last().unwrap();
    assert!(
        last.message.contains("more problem(s) not listed"),
        "{}",
        last.message
    );
    // Every reported line is inside the input.
    assert!(v
        .violations
        .iter()
        .flat_map(|x| &x.lines)
        .all(|&l| (1..=10_000).contains(&l)));
}

#[test]
fn oversize_input_is_refused_with_a_clear_message() {
    let big = "1 Spark\n".repeat(decks::MAX_BYTES / 8 + 10);
    let v = check(&big);
    assert!(!v.legal);
    assert_eq!(v.violations.len(), 1);
    assert!(v.violations[0]
        .message
        .contains("the limit is 1048576 bytes (1 MiB)"));
}

// D4: the faction is derived from the cards when there is no `Faction:` line.
#[test]
fn faction_is_derived_or_asked_for() {
    let text: String = legal_text()
        .lines()
        .filter(|l| !l.starts_with("Faction:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let v = check(&text);
    assert!(v.legal, "{:#?}", v.violations);
    assert_eq!(v.faction.as_deref(), Some("Obsidian Covenant"));
    assert!(v.faction_derived);
    let v = check("1 Wanderer Hale\n3 Spark\n");
    let x = v.violations.iter().find(|x| x.rule == "faction").unwrap();
    assert!(x.suggestion.as_deref().unwrap().contains("Faction:"));
    let v =
        check(&legal_text().replace("Faction: Obsidian Covenant", "Faction: Obsidian Covenent"));
    let x = v.violations.iter().find(|x| x.rule == "faction").unwrap();
    let line = legal_text()
        .lines()
        .position(|l| l.starts_with("Faction:"))
        .unwrap()
        + 1;
    assert_eq!(x.lines, vec![line]);
    assert_eq!(
        x.suggestion.as_deref(),
        Some("did you mean `Obsidian Covenant`?")
    );
}

#[test]
fn headers_are_read() {
    let v = check(&format!("Deck: Night Market\n{}", legal_text()));
    assert_eq!(v.title.as_deref(), Some("Night Market"));
    assert_eq!(v.player.as_deref(), Some("Mira Castell"));
    assert_eq!(v.side.map(|s| s.as_str()), Some("Shard"));
}

#[test]
fn several_lists_separated_by_dashes() {
    let a = legal_text();
    let b = std::fs::read_to_string(fixtures().join("rules/3.4_44_cards.txt")).unwrap();
    let lists = parse_decklists(&format!("{a}---\n{b}"));
    assert_eq!(lists.len(), 2);
    let v: Vec<Verdict> = lists.iter().map(|l| STANDARD.validate(l)).collect();
    assert!(v[0].legal);
    assert!(!v[1].legal);
    let offset = a.lines().count() + 1;
    // Issue #15, organisers 3: each list's lines count from its own first line, and the
    // list says where it sits in the whole text.
    let alone = parse_decklist(&b);
    assert_eq!(lists[1].entries[0].line, alone.entries[0].line);
    assert_eq!(v[1], STANDARD.validate(&alone));
    assert_eq!(lists[0].first_line, 1);
    assert_eq!(lists[1].first_line, offset + 1);
    assert_eq!(lists[1].last_line, offset + b.split('\n').count());
}

#[test]
fn json_form_is_the_same_list() {
    let text = legal_text();
    let list = parse_decklist(&text);
    let cards: Vec<serde_json::Value> = list
        .entries
        .iter()
        .map(|e| serde_json::json!({"name": e.name, "count": e.count}))
        .collect();
    let body = serde_json::json!({"faction": "Obsidian Covenant", "player": "Mira Castell", "cards": cards});
    let from_json = parse_json(&body.to_string()).unwrap();
    let a = STANDARD.validate(&list);
    let b = STANDARD.validate(&from_json);
    assert_eq!(a.legal, b.legal);
    assert_eq!(a.summary, b.summary);
    // Card i of the JSON is line i + 1.
    let bad = serde_json::json!({"cards": [{"name": "Spark", "count": 3}, {"name": "Sprak", "count": 0}, {"name": "Sprak"}]});
    let v = STANDARD.validate(&parse_json(&bad.to_string()).unwrap());
    let lines: Vec<usize> = v.violations.iter().flat_map(|x| x.lines.clone()).collect();
    assert!(
        lines.contains(&2) && lines.contains(&3),
        "{:#?}",
        v.violations
    );
    assert!(parse_json("{\"cards\": 3}").is_err());
    assert!(parse_json("not json").is_err());
}

// issue #4 §4: "An organiser can add a format with a banned list without touching code."
#[test]
fn an_organiser_adds_a_format_with_a_banned_list_in_data_only() {
    let dir = common::copy_bundled();
    let mut formats = std::fs::read_to_string(dir.path().join("formats.csv")).unwrap();
    formats.push_str("karth,spring-cup,A local cup,90,2,10,10,10,45,3,16,2\n");
    std::fs::write(dir.path().join("formats.csv"), formats).unwrap();
    let mut legality = std::fs::read_to_string(dir.path().join("legality.csv")).unwrap();
    legality.push_str("karth,spring-cup,Spark,banned\n");
    std::fs::write(dir.path().join("legality.csv"), legality).unwrap();
    let db = dir.path().join("c.sqlite");
    common::import(dir.path(), &db).expect("imports");
    let cat = Catalogue::open(&db).unwrap();
    assert_eq!(cat.format("karth", "spring-cup").unwrap().max_gold, 90);
    let v = DeckValidator::new(&cat, "spring-cup")
        .unwrap()
        .validate(&parse_decklist(&legal_text()));
    let rules = cited(&v);
    assert!(rules.contains("format:spring-cup"), "{rules:?}");
    assert!(!rules.contains("3.1"), "89 gold is under 90");
    assert_eq!(
        BTreeSet::from(["format:spring-cup".to_string()]),
        rules,
        "{:#?}",
        v.violations
    );
}

#[test]
fn bad_formats_and_legality_rows_are_located() {
    let dir = common::copy_bundled();
    std::fs::write(
        dir.path().join("formats.csv"),
        "game,format,description,max_gold,heroes,min_barrack,min_treasury,min_spellbook,main_deck,max_copies,min_terrain,max_movement_terrain\n\
         karth,standard,,100,2,10,10,10,45,3,16,3\n\
         karth,odd,,-1,2,10,10,10,45,three,16,3\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("legality.csv"),
        "game,format,card,status\nkarth,standrd,Spark,banned\nkarth,standard,Sprak,banned\nkarth,standard,Spark,forbidden\nkart,standard,Spark,banned\n",
    )
    .unwrap();
    let err = common::import(dir.path(), &dir.path().join("c.sqlite")).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("formats.csv:3:"), "{text}");
    assert!(
        text.contains("`max_gold` must be a whole number ≥ 0, found `-1`"),
        "{text}"
    );
    assert!(
        text.contains("`max_copies` must be a whole number ≥ 0, found `three`"),
        "{text}"
    );
    assert!(
        text.contains("legality.csv:2:7: unknown karth format `standrd`"),
        "{text}"
    );
    assert!(text.contains("did you mean `standard`?"), "{text}");
    assert!(text.contains("legality.csv:3:"), "{text}");
    assert!(text.contains("did you mean `Spark`?"), "{text}");
    assert!(
        text.contains("status `forbidden` is not `banned`, `restricted` or `legal`"),
        "{text}"
    );
    assert!(
        text.contains("legality.csv:5:1: unknown game `kart`"),
        "{text}"
    );
}

#[test]
fn unknown_format_is_an_error_with_a_suggestion() {
    let e = DeckValidator::new(&CAT, "standart").unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("did you mean `standard`?"), "{msg}");
    assert!(msg.contains("league"), "{msg}");
}

// ---- property test -------------------------------------------------------------------

/// What the test knows of a card, read from the catalogue's data (not the validator).
#[derive(Clone, Debug)]
struct C {
    name: String,
    ty: String,
    faction: Option<String>,
    value: i64,
    movement: bool,
}

static CARDS: LazyLock<Vec<C>> = LazyLock::new(|| {
    CAT.cards()
        .iter()
        .filter(|c| c.game == "karth")
        .map(|c| C {
            name: c.name.to_string(),
            ty: c.card_type.to_string(),
            faction: c.faction.as_ref().map(|f| f.to_string()),
            value: c.value.unwrap_or(0),
            movement: c.attribute("movement").is_some_and(|a| a.value == "yes"),
        })
        .collect()
});

fn card(name: &str) -> &'static C {
    CARDS.iter().find(|c| c.name == name).unwrap()
}

/// The rules an Obsidian Covenant deck breaks, computed from the rulebook's numbers.
fn expected_errors(deck: &BTreeMap<String, u32>) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    let (mut heroes, mut b, mut t, mut s, mut terrain, mut mv, mut gold, mut gold_tokens) =
        (0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0i64, 0i64);
    for (name, &n) in deck {
        let c = card(name);
        match c.ty.as_str() {
            "hero" => heroes += n,
            "unit" | "mercenary" | "animal" => b += n,
            "item" | "income" => t += n,
            "spell" => s += n,
            "terrain" => {
                terrain += n;
                if c.movement {
                    mv += n;
                }
            }
            _ => gold_tokens += c.value * i64::from(n),
        }
        gold += c.value * i64::from(n);
        let exempt = c.ty == "hero" || c.ty == "terrain" || (c.ty == "token" && c.value == 0);
        if !exempt && n > 3 {
            out.insert("3.7");
        }
        if c.ty == "hero" && n > 1 {
            out.insert("5.1.2");
        }
        match c.faction.as_deref() {
            Some("Obsidian Covenant" | "Neutral" | "Shard") | None => {}
            Some("Allegiance") if c.ty == "hero" => {
                out.insert("5.1");
            }
            Some("Allegiance") => {
                out.insert("3.9");
            }
            Some(_) => {
                out.insert("3.8");
            }
        }
    }
    if gold > 100 {
        out.insert(if gold - gold_tokens <= 100 {
            "3.6"
        } else {
            "3.1"
        });
    }
    if heroes != 2 {
        out.insert("3.2");
    }
    if b < 10 || t < 10 || s < 10 {
        out.insert("3.3");
    }
    if b + t + s != 45 {
        out.insert("3.4");
    }
    if terrain < 16 {
        out.insert("3.11");
    }
    if mv > 3 {
        out.insert("3.12");
    }
    out
}

#[derive(Debug, Clone)]
enum Change {
    Add(usize),
    Remove(usize),
    Swap(usize, usize),
}

fn change() -> impl Strategy<Value = Change> {
    let n = CARDS.len();
    prop_oneof![
        (0..n).prop_map(Change::Add),
        (0..40usize).prop_map(Change::Remove),
        ((0..40usize), (0..n)).prop_map(|(a, b)| Change::Swap(a, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    // Any single-card change to a legal deck is judged the way the rules say: every error
    // the rulebook's numbers predict is cited, nothing else is, and the deck is legal
    // exactly when none is predicted. Rules modelled: 3.1, 3.2, 3.3, 3.4, 3.6, 3.7, 3.8,
    // 3.9, 3.11, 3.12, 5.1, 5.1.2 (see the citations above each_rule_fixture_breaks_exactly_its_rule).
    #[test]
    fn single_card_changes_are_judged_by_the_rules(ch in change()) {
        let base = parse_decklist(&legal_text());
        let mut deck: BTreeMap<String, u32> = BTreeMap::new();
        for e in &base.entries {
            *deck.entry(e.name.clone()).or_default() += e.count;
        }
        let names: Vec<String> = deck.keys().cloned().collect();
        match ch {
            Change::Add(i) => *deck.entry(CARDS[i].name.clone()).or_default() += 1,
            Change::Remove(i) => {
                let name = &names[i % names.len()];
                let n = deck.get_mut(name).unwrap();
                *n -= 1;
                if *n == 0 { deck.remove(name); }
            }
            Change::Swap(i, j) => {
                let name = &names[i % names.len()];
                let n = deck.get_mut(name).unwrap();
                *n -= 1;
                if *n == 0 { deck.remove(name); }
                *deck.entry(CARDS[j].name.clone()).or_default() += 1;
            }
        }
        let text: String = std::iter::once("Faction: Obsidian Covenant\n".to_string())
            .chain(deck.iter().map(|(n, c)| format!("{c} {n}\n")))
            .collect();
        let v = check(&text);
        let want = expected_errors(&deck);
        let got: BTreeSet<String> = v
            .violations
            .iter()
            .filter(|x| x.severity == Severity::Error)
            .map(|x| x.rule.clone())
            .collect();
        let want: BTreeSet<String> = want.into_iter().map(String::from).collect();
        prop_assert_eq!(&got, &want, "{}", text);
        prop_assert_eq!(v.legal, want.is_empty());
    }
}
