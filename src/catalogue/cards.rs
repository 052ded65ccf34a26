//! Where a catalogue's cards live: all in memory, or in the catalogue file, read on demand
//! through a bounded cache (issue #20: a catalogue larger than memory must still serve).
//!
//! [`Cards`] is the one way to reach a card: by position ([`Cards::get`]), or all of them
//! in order ([`Cards::iter`], streamed from the file in chunks when they are on disk).
//! Both hand out a [`CardRef`], a borrow of a card held in memory or a share of one read
//! from the file. Which mode a catalogue uses is decided when it is opened
//! ([`OpenConfig`]). Lookups by name and keyword live in the catalogue (`mod.rs`); SQL
//! lives in `store/`.

use super::model::{ArcStr, Card};
use super::store::{CardFile, StoreError};
use std::sync::Arc;

/// The default memory budget for cards: a catalogue whose cards would take more than this
/// in memory keeps them on disk. 256 MiB holds ~360,000 cards of `examples/gen_cards`.
pub const DEFAULT_CARD_MEMORY: u64 = 256 * 1024 * 1024;

/// Cards the on-disk mode keeps in its cache (a search page shows 20).
pub const DEFAULT_CARD_CACHE: usize = 4096;

/// Cards read from the file in one go when all of them are walked.
const CHUNK: u32 = 1024;

/// How a catalogue holds its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenConfig {
    /// Cards are read into memory when they would take at most this many bytes
    /// (estimated from the stored text); otherwise they stay in the file. `0` keeps them
    /// on disk always; `u64::MAX` in memory always.
    pub card_memory: u64,
    /// Cards the on-disk mode keeps in its cache.
    pub card_cache: usize,
}

impl Default for OpenConfig {
    fn default() -> OpenConfig {
        OpenConfig {
            card_memory: DEFAULT_CARD_MEMORY,
            card_cache: DEFAULT_CARD_CACHE,
        }
    }
}

/// Where a catalogue's cards are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardMode {
    Memory,
    Disk,
}

/// A card: borrowed from memory, or shared from the cache or a walk over the file.
#[derive(Debug, Clone)]
pub enum CardRef<'a> {
    Borrowed(&'a Card),
    Shared(Arc<Card>),
}

impl std::ops::Deref for CardRef<'_> {
    type Target = Card;
    fn deref(&self) -> &Card {
        match self {
            CardRef::Borrowed(c) => c,
            CardRef::Shared(c) => c,
        }
    }
}

/// The cards of a catalogue.
#[derive(Debug)]
pub struct Cards(Held);

#[derive(Debug)]
enum Held {
    Memory(Vec<Card>),
    Disk(Disk),
}

/// Cards left in the file, with what every request needs of each kept small in memory:
/// its game and type as two 16-bit codes (facets, grouping by game, counts).
struct Disk {
    file: CardFile,
    len: u32,
    cache: quick_cache::sync::Cache<u32, Arc<Card>>,
    /// Per card: (game, type), indexes into `names`.
    codes: Box<[(u16, u16)]>,
    names: Vec<ArcStr>,
}

impl std::fmt::Debug for Disk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Disk")
            .field("file", &self.file)
            .field("len", &self.len)
            .finish()
    }
}

impl Cards {
    /// Cards held in memory.
    pub(super) fn memory(cards: Vec<Card>) -> Cards {
        Cards(Held::Memory(cards))
    }

    /// The cards back, when held in memory (a catalogue built by `from_data`).
    pub(super) fn into_memory(self) -> Option<Vec<Card>> {
        match self.0 {
            Held::Memory(cards) => Some(cards),
            Held::Disk(_) => None,
        }
    }

    /// Cards left in `file` (`len` of them), with each card's game and type as read by
    /// [`CardFile::keys`] (`codes` into `names`).
    pub(super) fn disk(
        file: CardFile,
        len: u32,
        cache: usize,
        codes: Box<[(u16, u16)]>,
        names: Vec<ArcStr>,
    ) -> Cards {
        Cards(Held::Disk(Disk {
            file,
            len,
            cache: quick_cache::sync::Cache::new(cache.max(1)),
            codes,
            names,
        }))
    }

    pub fn mode(&self) -> CardMode {
        match &self.0 {
            Held::Memory(_) => CardMode::Memory,
            Held::Disk(_) => CardMode::Disk,
        }
    }

    pub fn len(&self) -> usize {
        match &self.0 {
            Held::Memory(v) => v.len(),
            Held::Disk(d) => d.len as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The card at position `i` (its id in the catalogue file). On disk, a card the file
    /// cannot give back is logged and reported absent.
    pub fn get(&self, i: usize) -> Option<CardRef<'_>> {
        match &self.0 {
            Held::Memory(v) => v.get(i).map(CardRef::Borrowed),
            Held::Disk(d) => {
                let id = u32::try_from(i).ok().filter(|&id| id < d.len)?;
                let read = d.cache.get_or_insert_with(&id, || {
                    d.file.read(id..id + 1)?.pop().map(Arc::new).ok_or_else(|| {
                        StoreError::Corrupt {
                            path: d.file.path().to_path_buf(),
                            message: format!("card {id} is missing"),
                        }
                    })
                });
                match read {
                    Ok(c) => Some(CardRef::Shared(c)),
                    Err(e) => {
                        tracing::error!(card = id, error = %e, "a card could not be read from the catalogue");
                        None
                    }
                }
            }
        }
    }

    /// Every card's name, in catalogue order, to `each`; on disk, the name column alone
    /// is read (a walk of full cards is ten times slower at 1M cards). A read error ends
    /// the walk and is logged, as for [`Cards::iter`].
    pub fn each_name(&self, mut each: impl FnMut(&str)) {
        match &self.0 {
            Held::Memory(v) => v.iter().for_each(|c| each(&c.name)),
            Held::Disk(d) => {
                if let Err(e) = d.file.keys(|_, _, name, _| {
                    each(name);
                    Ok(())
                }) {
                    tracing::error!(error = %e, "the card names could not be read from the catalogue; the walk over them stopped");
                }
            }
        }
    }

    /// The game of the card at position `i`, without reading the card.
    pub fn game_of(&self, i: usize) -> Option<&str> {
        match &self.0 {
            Held::Memory(v) => v.get(i).map(|c| c.game.as_str()),
            Held::Disk(d) => d.codes.get(i).map(|&(g, _)| d.name(g)),
        }
    }

    /// The type of the card at position `i`, without reading the card.
    pub fn type_of(&self, i: usize) -> Option<&str> {
        match &self.0 {
            Held::Memory(v) => v.get(i).map(|c| c.card_type.as_str()),
            Held::Disk(d) => d.codes.get(i).map(|&(_, t)| d.name(t)),
        }
    }

    /// Every card, in catalogue order; on disk, read in chunks of [`CHUNK`], so a walk
    /// holds few cards at a time. A read error ends the walk: see [`Cards::try_iter`].
    pub fn iter(&self) -> impl Iterator<Item = CardRef<'_>> + '_ {
        self.try_iter().map_while(|c| match c {
            Ok(c) => Some(c),
            Err(e) => {
                tracing::error!(error = %e, "the cards could not be read from the catalogue; the walk over them stopped");
                None
            }
        })
    }

    /// Every card, in catalogue order, or the error that stopped the walk (its last item).
    pub fn try_iter(&self) -> Walk<'_> {
        Walk {
            cards: self,
            next: 0,
            chunk: Vec::new().into_iter(),
            failed: false,
        }
    }
}

impl Disk {
    fn name(&self, code: u16) -> &str {
        self.names.get(code as usize).map_or("", |n| n.as_str())
    }
}

/// A walk over every card ([`Cards::try_iter`]).
pub struct Walk<'a> {
    cards: &'a Cards,
    next: usize,
    chunk: std::vec::IntoIter<Card>,
    failed: bool,
}

impl<'a> Iterator for Walk<'a> {
    type Item = Result<CardRef<'a>, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &self.cards.0 {
            Held::Memory(v) => {
                let c = v.get(self.next)?;
                self.next += 1;
                Some(Ok(CardRef::Borrowed(c)))
            }
            Held::Disk(d) => {
                if let Some(c) = self.chunk.next() {
                    return Some(Ok(CardRef::Shared(Arc::new(c))));
                }
                let from = u32::try_from(self.next).ok()?;
                if self.failed || from >= d.len {
                    return None;
                }
                let to = from.saturating_add(CHUNK).min(d.len);
                match d.file.read(from..to) {
                    Ok(chunk) if chunk.len() == (to - from) as usize => {
                        self.next = to as usize;
                        self.chunk = chunk.into_iter();
                        self.chunk.next().map(|c| Ok(CardRef::Shared(Arc::new(c))))
                    }
                    Ok(chunk) => {
                        self.failed = true;
                        Some(Err(StoreError::Corrupt {
                            path: d.file.path().to_path_buf(),
                            message: format!(
                                "cards {from}..{to}: {} of {} found",
                                chunk.len(),
                                to - from
                            ),
                        }))
                    }
                    Err(e) => {
                        self.failed = true;
                        Some(Err(e))
                    }
                }
            }
        }
    }
}
