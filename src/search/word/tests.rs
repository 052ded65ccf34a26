//! `WordQuery` and `AnyWordQuery` against the stock tantivy queries they replace: every
//! match, score and count, alone and inside intersections and exclusions.

use super::super::typo::Vocabulary;
use super::*;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, TermQuery};
use tantivy::schema::{Schema, TEXT};
use tantivy::{doc, DocAddress, Index, IndexWriter};

struct Fixture {
    index: Index,
    fields: [Field; 3],
    /// The name as one untokenised term (as the index's `name_exact`).
    name_exact: Field,
    /// Each segment's vocabulary of the three fields.
    vocabularies: Arc<Vocabularies>,
}

impl Fixture {
    /// An index of three text fields (and the name as `name_exact`) holding, segment by
    /// segment, documents of (name, aliases, text); and each segment's vocabulary.
    fn of(segments: Vec<Vec<(&str, &str, String)>>) -> Fixture {
        let mut b = Schema::builder();
        let fields = [
            b.add_text_field("name", TEXT),
            b.add_text_field("aliases", TEXT),
            b.add_text_field("text", TEXT),
        ];
        let name_exact = b.add_text_field("name_exact", tantivy::schema::STRING);
        let index = Index::create_in_ram(b.build());
        let mut w: IndexWriter = index.writer_with_num_threads(1, 50_000_000).unwrap();
        for documents in segments {
            for (name, aliases, text) in documents {
                w.add_document(doc!(
                    fields[0] => name,
                    fields[1] => aliases,
                    fields[2] => text,
                    name_exact => name,
                ))
                .unwrap();
            }
            w.commit().unwrap();
        }
        let searcher = index.reader().unwrap().searcher();
        let vocabularies = searcher
            .segment_readers()
            .iter()
            .map(|s| (s.segment_id(), Vocabulary::read(s, &fields).unwrap()))
            .collect();
        Fixture {
            index,
            fields,
            name_exact,
            vocabularies: Arc::new(vocabularies),
        }
    }
}

/// Three text fields over enough documents to span several windows (4,096) and
/// several postings blocks (128), with the word, its typos and its prefixes spread
/// unevenly, in two segments.
fn fixture() -> Fixture {
    let words = [
        "heal",
        "heals",
        "healer",
        "deal",
        "head",
        "hael",
        "hale",
        "undead",
        "zombie",
        "creature",
        "creatures",
        "craeture",
        "opposing",
        "oppose",
        "fury",
        "he4l",
        "heal5",
    ];
    let segment = |segment: u32| {
        (0..9_000u32)
            .map(|i| {
                let pick = |k: u32| words[((i * k + segment * 7) % words.len() as u32) as usize];
                let name = if i % 5 == 0 { pick(3) } else { "plain" };
                let aliases = if i % 97 == 0 { pick(11) } else { "" };
                let text = match i % 7 {
                    0 => format!("{} {} {}", pick(1), pick(2), pick(5)),
                    1 | 2 => format!("{} the {} and {}", pick(13), pick(1), pick(1)),
                    3 => "nothing to see".to_string(),
                    _ => pick(17).to_string(),
                };
                (name, aliases, text)
            })
            .collect()
    };
    Fixture::of(vec![segment(0), segment(1)])
}

/// The stock queries `WordQuery` replaces, as `compile.rs` built them before.
fn stock(f: &Fixture, word: &str, distance: u8) -> Box<dyn Query> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    for (i, &field) in f.fields.iter().enumerate() {
        let weight = if i < 2 { 4.0 } else { 1.0 };
        let term = Term::from_field_text(field, word);
        let exact = TermQuery::new(term.clone(), IndexRecordOption::WithFreqs);
        clauses.push((
            Occur::Should,
            Box::new(BoostQuery::new(Box::new(exact), weight)),
        ));
        if distance > 0 {
            let fuzzy = FuzzyTermQuery::new(term, distance, true);
            clauses.push((
                Occur::Should,
                Box::new(BoostQuery::new(Box::new(fuzzy), weight * 0.3)),
            ));
        }
    }
    let prefix = FuzzyTermQuery::new_prefix(Term::from_field_text(f.fields[0], word), 0, false);
    clauses.push((
        Occur::Should,
        Box::new(BoostQuery::new(Box::new(prefix), 0.5)),
    ));
    Box::new(BooleanQuery::new(clauses))
}

/// Ours, typos from the vocabularies.
fn ours(f: &Fixture, word: &str, distance: u8) -> Box<dyn Query> {
    with_vocabularies(f, word, distance, f.vocabularies.clone())
}

/// Ours, typos from the automaton (no vocabulary for any segment).
fn ours_by_automaton(f: &Fixture, word: &str, distance: u8) -> Box<dyn Query> {
    with_vocabularies(f, word, distance, Arc::default())
}

fn with_vocabularies(
    f: &Fixture,
    word: &str,
    distance: u8,
    vocabularies: Arc<Vocabularies>,
) -> Box<dyn Query> {
    Box::new(WordQuery {
        word: word.to_string(),
        fields: f
            .fields
            .iter()
            .enumerate()
            .map(|(i, &field)| (field, if i < 2 { 4.0 } else { 1.0 }))
            .collect(),
        typos: (distance > 0).then_some(Typos {
            distance,
            factor: 0.3,
            vocabularies,
        }),
        prefix: Some((f.fields[0], 0.5)),
        exact_name: None,
    })
}

/// Every match with its score, in document order, and the count.
fn run(f: &Fixture, q: &dyn Query) -> (Vec<(DocAddress, Score)>, usize) {
    let searcher = f.index.reader().unwrap().searcher();
    let (mut top, count) = searcher
        .search(q, &(TopDocs::with_limit(100_000).order_by_score(), Count))
        .unwrap();
    top.sort_by_key(|(_, d)| *d);
    (top.into_iter().map(|(s, d)| (d, s)).collect(), count)
}

fn assert_same(f: &Fixture, a: &dyn Query, b: &dyn Query, what: &str) {
    let (x, nx) = run(f, a);
    let (y, ny) = run(f, b);
    assert_eq!(nx, ny, "{what}: count");
    assert_eq!(x.len(), y.len(), "{what}: matches");
    for ((da, sa), (db, sb)) in x.iter().zip(&y) {
        assert_eq!(da, db, "{what}: documents");
        assert!(
            (sa - sb).abs() <= 1e-5 * sa.abs().max(1.0),
            "{what}: {da:?} {sa} {sb}"
        );
    }
}

#[test]
fn scores_and_matches_equal_the_stock_union() {
    let f = fixture();
    for (word, d) in [
        ("heal", 1),
        ("undead", 1),
        ("creature", 2),
        ("craeture", 2),
        ("he", 0),
        ("fury", 1),
        ("absent", 1),
        ("opposing", 2),
        ("hea", 0),
        // A word with a digit: its typos are left to the automaton.
        ("he4l", 1),
        ("heal5", 1),
        ("heal", 2),
    ] {
        let stock = stock(&f, word, d);
        assert_same(&f, &*ours(&f, word, d), &*stock, word);
        assert_same(&f, &*ours_by_automaton(&f, word, d), &*stock, word);
    }
}

/// The stock exact-name clause `compile.rs` built before: `TermQuery(name_exact)^40`.
fn exact_in(f: &Fixture, word: &str) -> Box<dyn Query> {
    let term = Term::from_field_text(f.name_exact, word);
    Box::new(BoostQuery::new(
        Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
        40.0,
    ))
}

/// The exact name inside the word's query scores as the `Should` clause beside the
/// word that `compile.rs` built before: alone (tantivy calls our `for_each`), and in
/// an intersection (our scorer, seeked).
#[test]
fn the_exact_name_adds_as_a_should_clause_would() {
    let f = fixture();
    let exact = |word: &str| exact_in(&f, word);
    for (word, d) in [
        ("heal", 1),
        ("creature", 2),
        ("plain", 1),
        ("he4l", 1),
        ("absent", 1),
    ] {
        let want = BooleanQuery::new(vec![
            (Occur::Must, stock(&f, word, d)),
            (Occur::Should, exact(word)),
        ]);
        let mut ours = WordQuery::clone(
            ours(&f, word, d)
                .downcast_ref::<WordQuery>()
                .expect("a word query"),
        );
        ours.exact_name = Some((Term::from_field_text(f.name_exact, word), 40.0));
        assert_same(&f, &ours, &want, word);
        let and = |q: Box<dyn Query>| {
            BooleanQuery::new(vec![(Occur::Must, q), (Occur::Must, stock(&f, "heal", 1))])
        };
        assert_same(
            &f,
            &and(Box::new(ours.clone())),
            &and(Box::new(want)),
            &format!("{word} and heal"),
        );
    }
    // An exact name on a document the word does not match, 64 documents or more before
    // the word's first match (the window starts after it): it adds nothing, and the
    // scorer does not trip over it (this panicked, as `doc - start`).
    let g = Fixture::of(vec![(0..300u32)
        .map(|i| match i {
            0 | 150 => ("heal", "", "nothing here".to_string()),
            100 | 200 => ("plain", "", "fury".to_string()),
            _ => ("plain", "", "plain".to_string()),
        })
        .collect()]);
    let mut fury = WordQuery::clone(ours(&g, "fury", 1).downcast_ref().unwrap());
    fury.exact_name = Some((Term::from_field_text(g.name_exact, "heal"), 40.0));
    let want = BooleanQuery::new(vec![
        (Occur::Must, stock(&g, "fury", 1)),
        (Occur::Should, exact_in(&g, "heal")),
    ]);
    assert_same(&g, &fury, &want, "an exact name before the window");
    assert_eq!(run(&g, &fury).1, 2);

    // The name alone matches nothing: it only adds to the word's matches.
    let mut only_name = WordQuery::clone(ours(&f, "absent", 0).downcast_ref().unwrap());
    only_name.exact_name = Some((Term::from_field_text(f.name_exact, "heal"), 40.0));
    assert_eq!(run(&f, &only_name).1, 0);
}

/// Any of several words matches and scores as the union of the stock queries (alone,
/// and seeked in an intersection), words sharing documents included.
#[test]
fn any_of_several_words_is_the_stock_union_of_them() {
    let f = fixture();
    let word = |q: Box<dyn Query>| q.downcast_ref::<WordQuery>().unwrap().clone();
    for words in [
        &[("heal", 1), ("creature", 2)][..],
        &[("heal", 1), ("deal", 1)],
        &[("he4l", 1), ("fury", 1), ("absent", 1)],
        &[("opposing", 2), ("oppose", 1)],
    ] {
        let any = AnyWordQuery {
            words: words.iter().map(|&(w, d)| word(ours(&f, w, d))).collect(),
        };
        let union = || {
            BooleanQuery::new(
                words
                    .iter()
                    .map(|&(w, d)| (Occur::Should, stock(&f, w, d)))
                    .collect(),
            )
        };
        let what = format!("{words:?}");
        assert_same(&f, &any, &union(), &what);
        let and = |q: Box<dyn Query>| {
            BooleanQuery::new(vec![(Occur::Must, stock(&f, "plain", 0)), (Occur::Must, q)])
        };
        assert_same(
            &f,
            &and(Box::new(any.clone())),
            &and(Box::new(union())),
            &what,
        );
    }
}

#[test]
fn seeks_in_intersections_and_exclusions_as_the_stock_union() {
    let f = fixture();
    let both = |q: &dyn Fn(&Fixture, &str, u8) -> Box<dyn Query>, occur: Occur| {
        BooleanQuery::new(vec![
            (Occur::Must, q(&f, "creature", 2)),
            (occur, q(&f, "heal", 1)),
        ])
    };
    for occur in [Occur::Must, Occur::MustNot, Occur::Should] {
        assert_same(
            &f,
            &both(&ours, occur),
            &both(&stock, occur),
            &format!("{occur:?}"),
        );
    }
    // A rare word intersected with a common one: seeks past whole windows.
    let rare = |q: &dyn Fn(&Fixture, &str, u8) -> Box<dyn Query>| {
        BooleanQuery::new(vec![
            (Occur::Must, q(&f, "hael", 0)),
            (Occur::Must, q(&f, "heal", 1)),
        ])
    };
    assert_same(&f, &rare(&ours), &rare(&stock), "rare and common");
}
