//! Live heap bytes after each stage of opening a catalogue, counted by a global allocator
//! wrapper, and where the cards' share of it goes: every heap block a card owns is sized
//! with glibc's `malloc_usable_size` (plus its 8-byte chunk header) and charged to the
//! field that owns it (issue #20); a shared (interned) string is charged once, to the
//! first field seen holding it.
//!
//! `cargo run --release --example memprobe -- CATALOGUE.sqlite`

use arbiter::catalogue::ArcStr;
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::{BTreeMap, HashSet};
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

extern "C" {
    /// glibc: the usable size of a block `malloc` returned.
    fn malloc_usable_size(ptr: *const u8) -> usize;
    /// glibc: the allocator's statistics.
    fn mallinfo2() -> MallInfo2;
}

/// glibc's `struct mallinfo2`.
#[repr(C)]
struct MallInfo2 {
    arena: usize,
    ordblks: usize,
    smblks: usize,
    hblks: usize,
    hblkhd: usize,
    usmblks: usize,
    fsmblks: usize,
    uordblks: usize,
    fordblks: usize,
    keepcost: usize,
}

/// What glibc's main arena holds: (bytes obtained by brk, in use, free), and mmapped.
fn arena() -> String {
    // SAFETY: mallinfo2 takes nothing and returns a plain struct.
    let m = unsafe { mallinfo2() };
    format!(
        "malloc arena {:.1} MB ({:.1} MB in use, {:.1} MB free in {} chunks), mmapped {:.1} MB",
        m.arena as f64 / 1e6,
        m.uordblks as f64 / 1e6,
        m.fordblks as f64 / 1e6,
        m.ordblks,
        m.hblkhd as f64 / 1e6
    )
}

/// What a heap block of `capacity` bytes at `ptr` costs in the malloc arena (0 if none).
fn block(ptr: *const u8, capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    // SAFETY: `ptr` is the start of a live block from the system allocator (a String's or
    // Vec's buffer with non-zero capacity), which is what malloc_usable_size takes.
    unsafe { malloc_usable_size(ptr) + 8 }
}

/// A string one card owns alone (its name, its text): its allocation, header included.
fn own(s: &ArcStr) -> usize {
    (16 + s.len() + 8).next_multiple_of(16).max(32)
}

/// What a block of `n` bytes costs in the malloc arena (glibc: 8-byte header, 16-byte
/// granules; blocks of 128 KiB and more are mmapped whole pages).
fn block_size(n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (n + 8).next_multiple_of(16)
    }
}

fn slice<T>(v: &[T]) -> usize {
    block(v.as_ptr().cast(), std::mem::size_of_val(v))
}

/// A shared string's allocation (its 16-byte header, its bytes and malloc's 8-byte chunk
/// header), counted the first time its address is seen only.
fn shared(seen: &mut HashSet<*const u8>, s: &ArcStr) -> usize {
    if seen.insert(s.as_ptr()) {
        (16 + s.len() + 8).next_multiple_of(16).max(32)
    } else {
        0
    }
}

fn mb() -> f64 {
    LIVE.load(Relaxed) as f64 / 1e6
}

fn main() -> ExitCode {
    let Some(db) = std::env::args().nth(1).map(std::path::PathBuf::from) else {
        eprintln!("usage: memprobe CATALOGUE.sqlite [--disk]");
        return ExitCode::from(2);
    };
    // `--disk`: the cards are left in the file (a memory budget of 0).
    let disk = std::env::args().nth(2).as_deref() == Some("--disk");
    let cfg = arbiter::catalogue::OpenConfig {
        card_memory: if disk { 0 } else { u64::MAX },
        ..Default::default()
    };
    let before = mb();
    let cat = match arbiter::catalogue::Catalogue::open_with(&db, &cfg) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "catalogue ({:?}): {:.1} MB live for {} cards",
        cat.cards().mode(),
        mb() - before,
        cat.cards().len(),
    );
    println!("{}", arena());
    if disk {
        match arbiter::search::SearchIndex::open_or_build(&db, cat.clone()) {
            Ok(_index) => println!("with the search index open: {:.1} MB live", mb() - before),
            Err(e) => eprintln!("{e}"),
        }
        return ExitCode::SUCCESS;
    }
    let mut parts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut add = |k: &'static str, n: usize| *parts.entry(k).or_default() += n;
    let mut seen = HashSet::new();
    let n = cat.cards().len();
    // The cards' vector is allocated exactly (`shrink_to_fit`).
    add(
        "Vec<Card> (inline records)",
        block_size(n * std::mem::size_of::<arbiter::catalogue::Card>()),
    );
    for c in cat.cards().iter() {
        let c = &*c;
        add("name", own(&c.name));
        add("text", own(&c.text));
        add("game (shared)", shared(&mut seen, &c.game));
        add("card_type (shared)", shared(&mut seen, &c.card_type));
        add(
            "faction (shared)",
            c.faction.as_ref().map_or(0, |f| shared(&mut seen, f)),
        );
        add("abilities (list)", slice(&c.abilities));
        add(
            "abilities (keyword names, shared)",
            c.abilities
                .iter()
                .map(|a| shared(&mut seen, &a.keyword))
                .sum(),
        );
        add("traits (list)", slice(&c.traits));
        add(
            "traits (names, shared)",
            c.traits.iter().map(|t| shared(&mut seen, t)).sum(),
        );
        add("attributes (list)", slice(&c.attributes));
        add(
            "attributes (names, shared)",
            c.attributes
                .iter()
                .map(|a| shared(&mut seen, &a.name))
                .sum(),
        );
        add(
            "attributes (values, shared)",
            c.attributes
                .iter()
                .map(|a| shared(&mut seen, &a.value))
                .sum(),
        );
        add("text_abilities (list only)", slice(&c.text_abilities));
    }
    let cards: usize = parts.values().sum();
    for (k, v) in &parts {
        println!("  {:>7.1} MB  {k}", *v as f64 / 1e6);
    }
    println!(
        "  {:>7.1} MB  cards in all (malloc blocks, headers included)",
        cards as f64 / 1e6
    );
    match arbiter::search::SearchIndex::open_or_build(&db, cat.clone()) {
        Ok(_index) => println!("with the search index open: {:.1} MB live", mb() - before),
        Err(e) => eprintln!("{e}"),
    }
    ExitCode::SUCCESS
}
