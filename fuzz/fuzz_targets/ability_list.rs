//! Arbitrary UTF-8 through the ability-list parser and the three seed grammars. None may
//! panic, and every offset the ability-list parser reports must lie within the field
//! (offsets are in characters, so the end of the field is the largest valid one).
#![no_main]

use arbiter::grammar::{ability_list, arcane, keyforge, swtcg};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let chars = s.chars().count();
    match ability_list::parse(s) {
        Ok(items) => {
            for item in &items {
                assert!(
                    item.offset <= chars,
                    "item offset {} past the end of a {chars}-character field: {item:?}",
                    item.offset
                );
            }
        }
        Err(e) => {
            assert!(
                e.offset <= chars,
                "error offset {} past the end of a {chars}-character field: {e:?}",
                e.offset
            );
        }
    }
    let _ = swtcg::parse(s);
    let _ = keyforge::parse_text(s);
    let _ = arcane::parse_text(s);
});
