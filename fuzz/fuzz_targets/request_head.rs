//! Arbitrary bytes as the first bytes of a connection, through the head guard
//! (`web::head_guard::judge`), whole and cut at every length a read could stop at.
//! Nothing may panic; a refusal is always a 4xx whose answer states its own length; and
//! once a prefix is refused or passed, reading more never turns it back into "need more".
#![no_main]

use arbiter::web::head_guard::{judge, Verdict};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut settled = false;
    for end in 0..=data.len().min(4096) {
        match judge(&data[..end]) {
            Verdict::NeedMore => assert!(!settled, "settled at a shorter prefix, then NeedMore"),
            Verdict::Pass => settled = true,
            Verdict::Refuse(r) => {
                settled = true;
                assert!((400..500).contains(&r.status), "{}", r.status);
                let bytes = r.to_bytes();
                let text = String::from_utf8(bytes).expect("the answer is UTF-8");
                let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
                assert!(head.contains(&format!("content-length: {}", body.len())));
            }
        }
    }
    let _ = judge(data);
});
