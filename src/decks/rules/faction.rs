//! The deck's faction and sides.
//!
//! This file owns naming or deriving the deck's faction (D3, D4) and the rules that
//! follow from it: one faction (3.8), ally cards of the deck's side (3.9, D6) and heroes
//! of the deck's side (5.1, D6). The faction table itself is built in `mod.rs`.

use super::{Belongs, CardInfo, Category, DeckEntry, DeckValidator, Severity, Violation};
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
        let mut faction: Option<usize> = None;
        let mut derived = false;
        match &list.faction {
            Some((name, line)) => match self.faction_by_name.get(&fold(name)) {
                Some(&i) => faction = Some(i),
                None => {
                    let names = self.factions.iter().map(|(n, _)| n.as_str());
                    let found = if name.chars().count() > 100 {
                        Vec::new()
                    } else {
                        closest(name, names, 1)
                    };
                    rules.push(Violation {
                        rule: "faction".into(),
                        severity: Severity::Error,
                        message: format!(
                            "no Heroes of Karth faction is named `{}`; the factions are: {}",
                            shorten(name),
                            self.factions
                                .iter()
                                .map(|(n, _)| n.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        cards: Vec::new(),
                        actual: None,
                        allowed: None,
                        lines: if *line > 0 { vec![*line] } else { Vec::new() },
                        suggestion: found.first().map(|b| format!("did you mean `{b}`?")),
                        decision: Some("D4".into()),
                    });
                }
            },
            None => {
                let mut seen: Vec<usize> = Vec::new();
                for (idx, _, _) in deck {
                    if let Belongs::Faction(f) = self.cards[*idx].belongs {
                        if !seen.contains(&f) {
                            seen.push(f);
                        }
                    }
                }
                match seen.as_slice() {
                    [one] => {
                        faction = Some(*one);
                        derived = true;
                    }
                    [] if !deck.is_empty() => rules.push(Violation {
                        rule: "faction".into(),
                        severity: Severity::Error,
                        message:
                            "the deck's faction cannot be derived: no card belongs to a faction"
                                .into(),
                        cards: Vec::new(),
                        actual: None,
                        allowed: None,
                        lines: Vec::new(),
                        suggestion: Some(format!(
                            "add a `Faction:` line naming one of: {}",
                            self.factions
                                .iter()
                                .map(|(n, _)| n.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                        decision: Some("D4".into()),
                    }),
                    [] => {}
                    many => {
                        let (cards, lines) =
                            self.lines_of(deck, &|x| matches!(x.belongs, Belongs::Faction(_)));
                        let names: Vec<&str> =
                            many.iter().map(|&i| self.factions[i].0.as_str()).collect();
                        rules.push(Violation {
                            rule: "3.8".into(),
                            severity: Severity::Error,
                            message: format!(
                                "cards of {} factions are mixed ({}): cards of different factions cannot be mixed in one deck",
                                many.len(),
                                names.join(", ")
                            ),
                            cards,
                            actual: Some(many.len().to_string()),
                            allowed: Some("1".into()),
                            lines,
                            suggestion: Some(
                                "keep the cards of one faction, and add a `Faction:` line naming it".into(),
                            ),
                            decision: Some("D4".into()),
                        });
                    }
                }
            }
        }
        let side = faction.and_then(|f| self.factions[f].1);
        if let Some(f) = faction {
            let fname = &self.factions[f].0;
            let (cards, lines) = self.lines_of(
                deck,
                &|x| matches!(x.belongs, Belongs::Faction(g) if g != f),
            );
            if !cards.is_empty() {
                rules.push(Violation {
                    rule: "3.8".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{} card(s) of another faction in the {fname} deck: cards of different factions cannot be mixed",
                        cards.len()
                    ),
                    actual: Some(cards.len().to_string()),
                    allowed: Some("0".into()),
                    suggestion: Some(format!("replace them with {fname} or Neutral cards")),
                    cards,
                    lines,
                    decision: Some("D4".into()),
                });
            }
        }
        if let Some(side) = side {
            let fname = faction.map(|f| self.factions[f].0.as_str()).unwrap_or("");
            let wrong = |x: &CardInfo| matches!(x.belongs, Belongs::Ally(s) if s != side);
            let (cards, lines) = self.lines_of(deck, &|x| x.category != Category::Hero && wrong(x));
            if !cards.is_empty() {
                rules.push(Violation {
                    rule: "3.9".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{} ally card(s) of the {} in a deck of {fname}, which is allied to the {}: ally cards can be mixed only when their factions are allied (mercenaries are allied with one side, 3.10)",
                        cards.len(),
                        other(side).as_str(),
                        side.as_str()
                    ),
                    actual: Some(other(side).as_str().into()),
                    allowed: Some(format!("{} or Neutral", side.as_str())),
                    suggestion: Some(format!(
                        "replace them with {} or Neutral cards",
                        side.as_str()
                    )),
                    cards,
                    lines,
                    decision: Some("D6".into()),
                });
            }
            let (cards, lines) = self.lines_of(deck, &|x| x.category == Category::Hero && wrong(x));
            if !cards.is_empty() {
                rules.push(Violation {
                    rule: "5.1".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{} {} hero(es) in a deck of {fname}, which is allied to the {}: {} {} hero can only be added to factions allied to the {}",
                        cards.len(),
                        other(side).as_str(),
                        side.as_str(),
                        article(other(side)),
                        other(side).as_str(),
                        other(side).as_str()
                    ),
                    actual: Some(other(side).as_str().into()),
                    allowed: Some(format!("{} or Neutral", side.as_str())),
                    suggestion: Some(format!(
                        "choose {} or Neutral heroes",
                        side.as_str()
                    )),
                    cards,
                    lines,
                    decision: Some("D6".into()),
                });
            }
        }
        (faction, derived)
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
