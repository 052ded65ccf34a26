//! Arbitrary UTF-8 as a builder form's submission (`name=value` lines, as the builder's
//! form posts them) through every game's `from_form`, and on success that position
//! through the game's own reader and back onto its form. Nothing may panic; every
//! problem is a message in words, and a position the form accepts reads back.
#![no_main]

use arbiter::games;
use arbiter::rules::form::FormFields;
use arbiter::rules::Game;
use libfuzzer_sys::fuzz_target;

fn submit<G: Game>(fields: &FormFields) {
    let _ = G::builder_form(fields);
    match G::from_form(fields) {
        Ok(position) => {
            let text = serde_json::to_string(&position).expect("a position serialises");
            // What the form accepts, the reader accepts too (the resolver may still
            // refuse a name the catalogue lacks).
            assert!(
                G::read_position(&text).is_ok() || text.len() > 65536,
                "the form built a position its reader refuses: {text}"
            );
            let _ = G::form_values(Some(&position));
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            assert!(errors.iter().all(|e| !e.message.is_empty()));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pairs: Vec<(String, String)> = text
        .lines()
        .take(600)
        .map(|line| match line.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (line.to_string(), String::new()),
        })
        .collect();
    let fields = FormFields::from_pairs(pairs);
    submit::<games::battleline::Battleline>(&fields);
    submit::<games::swtcg::Swtcg>(&fields);
    submit::<games::keyforge::Keyforge>(&fields);
    submit::<games::arcane::Arcane>(&fields);
    submit::<games::karth::Karth>(&fields);
});
