//! The deck's faction and sides.
//!
//! This file owns naming or deriving the deck's faction (D3, D4) and the rules that
//! follow from it: one faction (3.8), ally cards of the deck's side (3.9, D6) and heroes
//! of the deck's side (5.1, D6). The faction table itself is built in `mod.rs`.

use super::{Belongs, CardInfo, Category, DeckEntry, DeckValidator, Violation};
use crate::catalogue::Side;
use crate::decks::parse::{shorten, Decklist};
use crate::text::{closest, fold};

impl DeckValidator {
    /// The deck's faction (D3, D4), then 3.8, 3.9 and 5.1; returns the faction's index
    /// and whether it was derived from the cards.
    pub(super) fn check_faction(
        &self,
        list: &Decklist,
        deck: &[DeckEntry],
        rules: &mut Vec<Violation>,
    ) -> (Option<usize>, bool) {
        let (faction, derived) = match &list.faction {
            Some((name, line)) => (self.named_faction(name, *line, rules), false),
            None => self.derived_faction(deck, rules),
        };
        if let Some(f) = faction {
            let (name, side) = &self.factions[f];
            self.check_one_faction(f, name, deck, rules);
            if let Some(side) = *side {
                self.check_sides(name, side, deck, rules);
            }
        }
        (faction, derived)
    }

    /// The faction a `Faction:` line on `line` names (D4), or an error naming the factions.
    fn named_faction(&self, name: &str, line: usize, rules: &mut Vec<Violation>) -> Option<usize> {
        if let Some(&i) = self.faction_by_name.get(&fold(name)) {
            return Some(i);
        }
        let found = if name.chars().count() > 100 {
            Vec::new()
        } else {
            closest(name, self.factions.iter().map(|(n, _)| n.as_str()), 1)
        };
        rules.push(
            Violation::error(
                "faction",
                format!(
                    "no Heroes of Karth faction is named `{}`; the factions are: {}",
                    shorten(name),
                    self.faction_names()
                ),
            )
            .with_lines(if line > 0 { vec![line] } else { Vec::new() })
            .with_suggestion(found.first().map(|b| format!("did you mean `{b}`?")))
            .with_decision("D4"),
        );
        None
    }

    /// The faction of the deck's faction cards when they all share one (D4); an error when
    /// none has a faction or they mix several (3.8).
    fn derived_faction(
        &self,
        deck: &[DeckEntry],
        rules: &mut Vec<Violation>,
    ) -> (Option<usize>, bool) {
        let mut seen: Vec<usize> = Vec::new();
        for (idx, _, _) in deck {
            if let Belongs::Faction(f) = self.cards[*idx].belongs {
                if !seen.contains(&f) {
                    seen.push(f);
                }
            }
        }
        match seen.as_slice() {
            [one] => return (Some(*one), true),
            [] if !deck.is_empty() => rules.push(
                Violation::error(
                    "faction",
                    "the deck's faction cannot be derived: no card belongs to a faction",
                )
                .with_suggestion(format!(
                    "add a `Faction:` line naming one of: {}",
                    self.faction_names()
                ))
                .with_decision("D4"),
            ),
            [] => {}
            many => {
                let (cards, lines) =
                    self.lines_of(deck, &|x| matches!(x.belongs, Belongs::Faction(_)));
                let names: Vec<&str> = many.iter().map(|&i| self.factions[i].0.as_str()).collect();
                rules.push(
                    Violation::error(
                        "3.8",
                        format!(
                            "cards of {} factions are mixed ({}): cards of different factions cannot be mixed in one deck",
                            many.len(),
                            names.join(", ")
                        ),
                    )
                    .with_cards(cards, lines)
                    .with_counts(many.len().to_string(), "1")
                    .with_suggestion(
                        "keep the cards of one faction, and add a `Faction:` line naming it"
                            .to_string(),
                    )
                    .with_decision("D4"),
                );
            }
        }
        (None, false)
    }

    /// 3.8: no card of another faction than `f` (called `fname`).
    fn check_one_faction(
        &self,
        f: usize,
        fname: &str,
        deck: &[DeckEntry],
        rules: &mut Vec<Violation>,
    ) {
        let (cards, lines) = self.lines_of(
            deck,
            &|x| matches!(x.belongs, Belongs::Faction(g) if g != f),
        );
        if cards.is_empty() {
            return;
        }
        rules.push(
            Violation::error(
                "3.8",
                format!(
                    "{} card(s) of another faction in the {fname} deck: cards of different factions cannot be mixed",
                    cards.len()
                ),
            )
            .with_counts(cards.len().to_string(), "0")
            .with_suggestion(format!("replace them with {fname} or Neutral cards"))
            .with_cards(cards, lines)
            .with_decision("D4"),
        );
    }

    /// 3.9 and 5.1 (D6): no ally card and no hero of the other side than `side`, the side
    /// of the deck's faction `fname`.
    fn check_sides(&self, fname: &str, side: Side, deck: &[DeckEntry], rules: &mut Vec<Violation>) {
        let (us, them) = (side.as_str(), other(side).as_str());
        let wrong = |x: &CardInfo| matches!(x.belongs, Belongs::Ally(s) if s != side);
        let (cards, lines) = self.lines_of(deck, &|x| x.category != Category::Hero && wrong(x));
        if !cards.is_empty() {
            rules.push(
                Violation::error(
                    "3.9",
                    format!(
                        "{} ally card(s) of the {them} in a deck of {fname}, which is allied to the {us}: ally cards can be mixed only when their factions are allied (mercenaries are allied with one side, 3.10)",
                        cards.len(),
                    ),
                )
                .with_counts(them, format!("{us} or Neutral"))
                .with_suggestion(format!("replace them with {us} or Neutral cards"))
                .with_cards(cards, lines)
                .with_decision("D6"),
            );
        }
        let (cards, lines) = self.lines_of(deck, &|x| x.category == Category::Hero && wrong(x));
        if !cards.is_empty() {
            rules.push(
                Violation::error(
                    "5.1",
                    format!(
                        "{} {them} hero(es) in a deck of {fname}, which is allied to the {us}: {} {them} hero can only be added to factions allied to the {them}",
                        cards.len(),
                        article(other(side)),
                    ),
                )
                .with_counts(them, format!("{us} or Neutral"))
                .with_suggestion(format!("choose {us} or Neutral heroes"))
                .with_cards(cards, lines)
                .with_decision("D6"),
            );
        }
    }

    /// The factions' names, joined by commas.
    fn faction_names(&self) -> String {
        self.factions
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn article(side: Side) -> &'static str {
    match side {
        Side::Allegiance => "an",
        Side::Shard => "a",
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Allegiance => Side::Shard,
        Side::Shard => Side::Allegiance,
    }
}
