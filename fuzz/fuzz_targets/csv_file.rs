//! Arbitrary bytes through the CSV reader, then every location helper on every field of
//! every record (plus one column past the header). None of it may panic.
#![no_main]

use arbiter::catalogue::csvfile::CsvFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = CsvFile::parse("fuzz.csv", data.to_vec()) {
        for rec in &file.records {
            for i in 0..file.headers.len() + 1 {
                let _ = file.locate(rec, i);
                let _ = file.diag(rec, i, "x");
                let _ = file.diag_at(rec, i, 3, "x");
            }
            let _ = file.line_of(rec);
        }
    }
});
