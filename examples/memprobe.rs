//! Live heap bytes after each stage of opening a catalogue, counted by a global allocator
//! wrapper: where the server's memory goes (issue #20).
//!
//! `cargo run --release --example memprobe -- CATALOGUE.sqlite`

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;

/// The system allocator, counting the bytes it holds live.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on as it is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout` (see `alloc`).
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn mb() -> f64 {
    LIVE.load(Relaxed) as f64 / 1e6
}

fn main() -> ExitCode {
    let Some(db) = std::env::args().nth(1).map(std::path::PathBuf::from) else {
        eprintln!("usage: memprobe CATALOGUE.sqlite");
        return ExitCode::from(2);
    };
    let cat = match arbiter::catalogue::Catalogue::open(&db) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let d = cat.data();
    let text: usize = d.cards.iter().map(|c| c.name.len() + c.text.len()).sum();
    println!(
        "catalogue: {:.1} MB live for {} cards ({:.1} MB of it card names and texts)",
        mb(),
        d.cards.len(),
        text as f64 / 1e6
    );
    match arbiter::search::SearchIndex::open_or_build(&db, cat.clone()) {
        Ok(_index) => println!("with the search index open: {:.1} MB live", mb()),
        Err(e) => eprintln!("{e}"),
    }
    ExitCode::SUCCESS
}
