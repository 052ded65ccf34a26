//! The search engine on the bundled catalogue: golden searches (insta snapshots) and the
//! behaviour each one must show, asserted explicitly.

use crate::common;

use arbiter::catalogue::Catalogue;
use arbiter::search::{Entry, SearchError, SearchIndex, SearchOptions, SearchResults};
use std::sync::{Arc, OnceLock};

fn index() -> &'static SearchIndex {
    static INDEX: OnceLock<(tempfile::TempDir, SearchIndex)> = OnceLock::new();
    &INDEX
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("catalogue.sqlite");
            common::import(&common::bundled(), &db).unwrap();
            let cat = Arc::new(Catalogue::open(&db).unwrap());
            let idx = SearchIndex::open_or_build(&db, cat).unwrap();
            (dir, idx)
        })
        .1
}

fn search(q: &str) -> SearchResults {
    index()
        .search(
            q,
            &SearchOptions {
                page: 1,
                per_page: 100,
            },
        )
        .unwrap_or_else(|e| panic!("{q}: {e}"))
}

/// `kind game name` per hit, for snapshots and assertions.
fn lines(r: &SearchResults) -> Vec<String> {
    let d = index().catalogue().data();
    r.hits
        .iter()
        .map(|h| {
            let mark = if h.exact { "*" } else { " " };
            match h.entry {
                Entry::Card(i) => {
                    let c = index().catalogue().cards().get(i).expect("a card");
                    format!("{mark}card    {} {}", c.game, c.name)
                }
                Entry::Keyword(i) => format!(
                    "{mark}keyword {} {}",
                    d.keywords[i].game, d.keywords[i].name
                ),
                Entry::Rule(i) => format!(
                    "{mark}rule    {} {} {}",
                    d.rules[i].game, d.rules[i].section, d.rules[i].title
                ),
                Entry::Ruling(i) => format!("{mark}ruling  {}", r.rulings.all()[i].id),
            }
        })
        .collect()
}

fn snapshot(q: &str, r: &SearchResults) -> String {
    let mut out = format!("query: {q}\ntotal: {}\n", r.total);
    for w in &r.warnings {
        out.push_str(&format!("warning at {}: {}\n", w.offset, w.message));
    }
    for l in lines(r).iter().take(15) {
        out.push_str(l);
        out.push('\n');
    }
    out
}

// seed 002 Precision: "“Elude” is the former name of this keyword."
#[test]
fn elude_finds_precision_first() {
    let r = search("Elude");
    assert_eq!(lines(&r)[0], "*keyword swtcg Precision");
    insta::assert_snapshot!("elude", snapshot("Elude", &r));
}

// seed README: "The same keyword name means different things in different games (Armor and Fury in 000 and 002)."
#[test]
fn fury_shows_every_games_entry_grouped_by_game() {
    let r = search("fury");
    let l = lines(&r);
    assert_eq!(l[0], "*keyword battleline Fury");
    assert_eq!(l[1], "*keyword swtcg Fury");
    assert!(!r.hits[2].exact);
    let r = search("armor");
    assert_eq!(
        lines(&r)[..2],
        ["*keyword battleline Armor", "*keyword swtcg Armor"]
    );
    insta::assert_snapshot!("fury", snapshot("fury", &search("fury")));
}

#[test]
fn a_typo_still_finds_the_keyword() {
    let r = search("brekthrough");
    assert_eq!(lines(&r)[0], " keyword battleline Breakthrough");
    assert!(
        r.hits[0].snippet.marked().any(|w| w == "Breakthrough"),
        "{:?}",
        r.hits[0].snippet
    );
    // Short words are not fuzzed: "fur" is not "fury".
    assert!(search("fur")
        .hits
        .iter()
        .all(|h| !matches!(h.entry, Entry::Keyword(_))
            || lines(&search("fur")).iter().any(|l| l.contains("Fury"))));
    insta::assert_snapshot!("typo", snapshot("brekthrough", &r));
}

#[test]
fn prefixes_autocomplete_names() {
    let l = lines(&search("breakth"));
    assert!(l[0].ends_with("Breakthrough"), "{l:?}");
    let l = lines(&search("omeg rab"));
    assert!(
        l.iter().take(3).any(|x| x.contains("Omega Rabbit")),
        "{l:?}"
    );
}

// seed 001 5.1.2 (repeated): "A Player cannot have two of the same Allegiance Hero…" / "…Shard Hero…"
#[test]
fn a_rule_number_returns_both_rules() {
    let r = search("5.1.2");
    let l = lines(&r);
    assert!(
        l[0].starts_with("*rule    karth 5.1.2") && l[1].starts_with("*rule    karth 5.1.2"),
        "{l:?}"
    );
    insta::assert_snapshot!("rule_number", snapshot("5.1.2", &r));
    // section: matches the number and everything under it, keywords included (Scribe is
    // seed 001 5.8.2, Bless 5.8.6).
    let r = search("section:5.8");
    let l = lines(&r);
    assert_eq!(
        l.iter().filter(|l| l.contains("rule    karth 5.8")).count(),
        7,
        "5.8 and its six rules: {l:?}"
    );
    assert_eq!(
        l.iter().filter(|l| l.contains("keyword karth")).count(),
        2,
        "{l:?}"
    );
    assert_eq!(r.total, 9);
}

#[test]
fn numeric_comparisons() {
    let d = index().catalogue().cards();
    let r = search("game:battleline attack>=5");
    assert!(r.total > 0);
    for h in &r.hits {
        let Entry::Card(i) = h.entry else {
            panic!("only cards have attack")
        };
        let c = d.get(i).unwrap();
        assert!(c.attribute("attack").unwrap().number.unwrap() >= 5.0);
    }
    let r = search("game:karth type:item value<=2");
    assert!(r.total > 0);
    for h in &r.hits {
        let Entry::Card(i) = h.entry else { panic!() };
        let c = d.get(i).unwrap();
        assert!(c.value.unwrap() <= 2 && c.card_type == "item");
    }
    let all_karth = search("game:karth kind:card").total;
    let ne = search("game:karth kind:card value!=0").total;
    let eq = search("game:karth kind:card value=0").total;
    assert_eq!(ne + eq, all_karth);
    insta::assert_snapshot!(
        "numeric",
        snapshot(
            "game:battleline attack>=5",
            &search("game:battleline attack>=5")
        )
    );
}

#[test]
fn negation_and_or() {
    let r = search("fury -game:battleline");
    assert!(lines(&r).iter().all(|l| !l.contains("battleline")));
    assert_eq!(lines(&r)[0], "*keyword swtcg Fury");
    insta::assert_snapshot!("negation", snapshot("fury -game:battleline", &r));
    let either = search("kind:keyword (name:armor OR name:shields) game:swtcg");
    assert_eq!(either.total, 2, "{:?}", lines(&either));
    let only_negative = search("-game:battleline -game:karth kind:keyword");
    assert!(lines(&only_negative)
        .iter()
        .all(|l| l.contains("swtcg") || l.contains("keyforge") || l.contains("arcane")));
}

// seed 002 Deflect: "A layered ability activated during the damage prevention POP"
#[test]
fn ability_structure_facets() {
    let l = lines(&search("timing:\"damage prevention\""));
    assert_eq!(l.len(), 3, "{l:?}");
    let r = search("game:swtcg ability:layered kind:keyword");
    assert!(lines(&r).iter().any(|l| l.contains("Deflect")));
    let r = search("game:arcane ability:activated kind:card");
    assert!(r.total >= 1);
    let r = search("keyword:elude");
    assert!(
        lines(&r).iter().any(|l| l.contains("Drift Pilot")),
        "{:?}",
        lines(&r)
    );
}

#[test]
fn facets_count_all_matches() {
    let r = index()
        .search(
            "fury",
            &SearchOptions {
                page: 1,
                per_page: 1,
            },
        )
        .unwrap();
    assert_eq!(r.hits.len(), 1);
    assert!(r.total > 1 && r.has_more());
    let games: usize = r.facets["game"].iter().map(|(_, n)| n).sum();
    assert_eq!(games, r.total);
    let kinds: usize = r.facets["kind"].iter().map(|(_, n)| n).sum();
    assert_eq!(kinds, r.total);
}

#[test]
fn bad_terms_are_ignored_with_offsets_and_nothing_runnable_is_an_error() {
    let r = search("fury colour:red");
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].offset, 5);
    assert!(
        r.warnings[0].message.contains("unknown field `colour`"),
        "{}",
        r.warnings[0].message
    );
    assert!(r.total > 0);
    let r = search("fury attack>=lots");
    assert!(r.warnings[0].message.contains("not a number"));
    match index().search("colour:red )", &SearchOptions::default()) {
        Err(SearchError::NothingToRun { warnings }) => {
            assert_eq!(
                warnings.iter().map(|w| w.offset).collect::<Vec<_>>(),
                vec![0, 11]
            );
        }
        other => panic!("{:?}", other.map(|r| r.total)),
    }
    assert!(matches!(
        index().search("   ", &SearchOptions::default()),
        Err(SearchError::EmptyQuery)
    ));
}

#[test]
fn the_index_is_rebuilt_when_stale_and_reused_when_current() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    common::import(&common::bundled(), &db).unwrap();
    let cat = Arc::new(Catalogue::open(&db).unwrap());
    SearchIndex::open_or_build(&db, cat.clone()).unwrap();
    let root = arbiter::search::index_root(&db);
    let built = root.join(cat.data_hash());
    let stamp = std::fs::metadata(built.join("BUILT_FROM"))
        .unwrap()
        .modified()
        .unwrap();
    SearchIndex::open_or_build(&db, cat.clone()).unwrap();
    assert_eq!(
        std::fs::metadata(built.join("BUILT_FROM"))
            .unwrap()
            .modified()
            .unwrap(),
        stamp,
        "reused"
    );
    // A different catalogue: a new build replaces the old one.
    let data = common::copy_bundled();
    let p = data.path().join("cards/arcane.csv");
    let t = std::fs::read_to_string(&p).unwrap();
    std::fs::write(
        &p,
        format!("{t}Extra Unit,unit,,1,Static Ability,,Plain text.,1\n"),
    )
    .unwrap();
    common::import(data.path(), &db).unwrap();
    // Something of the user's in the index folder is not a build: it stays.
    let theirs = root.join("notes");
    std::fs::create_dir(&theirs).unwrap();
    std::fs::write(theirs.join("mine.txt"), "mine").unwrap();
    let cat2 = Arc::new(Catalogue::open(&db).unwrap());
    let idx = SearchIndex::open_or_build(&db, cat2.clone()).unwrap();
    assert!(!built.exists(), "the stale build is removed");
    assert_eq!(
        std::fs::read_to_string(theirs.join("mine.txt")).unwrap(),
        "mine",
        "only builds are removed"
    );
    assert!(root.join(cat2.data_hash()).exists());
    assert_eq!(
        idx.search("\"Extra Unit\"", &SearchOptions::default())
            .unwrap()
            .total,
        1
    );
}

// Found by the property test (tests/parsers_prop.proptest-regressions): a negated
// multi-word term used to reach a tantivy debug assertion.
#[test]
fn negated_phrases_run() {
    let all = search("kind:keyword game:battleline").total;
    let r = search("kind:keyword game:battleline -\"opposing creature\"");
    assert!(r.total < all);
    assert!(index()
        .search("-game-game ", &SearchOptions::default())
        .is_ok());
    // Found by the search_query fuzz target: a phrase under a double negation.
    assert!(index()
        .search("--\u{0}-\u{0}\u{1}\u{0}to+_.-5", &SearchOptions::default())
        .is_ok());
    assert!(index()
        .search("--\"opposing creature\"", &SearchOptions::default())
        .is_ok());
}
