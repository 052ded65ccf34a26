//! The deck's numbers and the format's limits on them.
//!
//! This file owns the [`Summary`] (cards per category, main deck, gold, token pile,
//! heroes) and the rules that compare it with `formats.csv`: gold (3.1, 3.6), heroes
//! (3.2), the 10/10/10 rule (3.3), the main deck (3.4), copies (3.7, 5.1.2) and terrain
//! (3.11, 3.12). Faction and per-card rules are in the sibling files.

use super::{
    Belongs, CardLine, Category, CategoryCounts, DeckEntry, DeckValidator, HeroLine, Severity,
    Summary, TokenLine, Violation,
};

impl DeckValidator {
    /// The deck's numbers.
    pub(super) fn summarise(&self, deck: &[DeckEntry]) -> Summary {
        let mut summary = Summary::default();
        for (idx, count, _) in deck {
            let card = &self.cards[*idx];
            let n = *count;
            let c = &mut summary.counts;
            match card.category {
                Category::Hero => c.heroes += n,
                Category::Barrack => c.barrack += n,
                Category::Treasury => c.treasury += n,
                Category::Spellbook => c.spellbook += n,
                Category::Terrain => {
                    c.terrain += n;
                    if card.movement {
                        c.movement_terrain += n;
                    }
                }
                Category::Token => {
                    c.tokens += n;
                    summary.token_gold += card.value * i64::from(n);
                    summary.token_pile.push(TokenLine {
                        name: card.name.clone(),
                        count: n,
                        value: card.value,
                    });
                }
            }
            if card.category == Category::Hero {
                for _ in 0..n.min(10) {
                    summary.heroes.push(HeroLine {
                        name: card.name.clone(),
                        side: match &card.belongs {
                            Belongs::Ally(s) => s.as_str().to_string(),
                            Belongs::Neutral => "Neutral".into(),
                            Belongs::Faction(i) => self.factions[*i].0.clone(),
                        },
                    });
                }
            }
            summary.gold_total += card.value * i64::from(n);
            summary.cards.push(CardLine {
                name: card.name.clone(),
                count: n,
                category: card.category.as_str(),
                card_type: card.card_type.clone(),
                value: card.value,
            });
        }
        let c = summary.counts.clone();
        summary.main_deck = c.barrack + c.treasury + c.spellbook;
        summary
    }

    /// 3.1 / 3.6 (gold), 3.2 (heroes), 3.3 (10/10/10), 3.4 (main deck), 3.7 (copies).
    pub(super) fn check_counts(
        &self,
        deck: &[DeckEntry],
        summary: &Summary,
        rules: &mut Vec<Violation>,
    ) {
        let fmt = &self.format;
        let c = &summary.counts;
        // 3.1 / 3.6: gold (D1, D8).
        let max_gold = fmt.max_gold;
        if summary.gold_total > max_gold {
            let without_tokens = summary.gold_total - summary.token_gold;
            let by_tokens = without_tokens <= max_gold;
            let (cards, lines) = if by_tokens {
                self.lines_of(deck, &|c| c.category == Category::Token && c.value > 0)
            } else {
                (Vec::new(), Vec::new())
            };
            let over = summary.gold_total - max_gold;
            rules.push(Violation {
                rule: if by_tokens { "3.6" } else { "3.1" }.into(),
                severity: Severity::Error,
                message: if by_tokens {
                    format!(
                        "{} / {max_gold} gold: the token pile's {} gold counts toward the {max_gold} (3.6, 5.5.3); without it the deck is {without_tokens}",
                        summary.gold_total, summary.token_gold
                    )
                } else {
                    format!(
                        "{} / {max_gold} gold: the deck's total gold value is {over} over the limit (heroes and terrain count, D1)",
                        summary.gold_total
                    )
                },
                cards,
                actual: Some(summary.gold_total.to_string()),
                allowed: Some(max_gold.to_string()),
                lines,
                suggestion: Some(format!("remove {over} gold of cards")),
                decision: Some(if by_tokens { "D8" } else { "D1" }.into()),
            });
        }

        // 3.2: the number of heroes.
        if i64::from(c.heroes) != fmt.heroes {
            let (cards, lines) = self.lines_of(deck, &|x| x.category == Category::Hero);
            rules.push(Violation {
                rule: "3.2".into(),
                severity: Severity::Error,
                message: format!(
                    "{} / {} heroes: a deck has exactly {} hero cards",
                    c.heroes, fmt.heroes, fmt.heroes
                ),
                cards,
                actual: Some(c.heroes.to_string()),
                allowed: Some(fmt.heroes.to_string()),
                lines,
                suggestion: Some(if i64::from(c.heroes) < fmt.heroes {
                    format!("add {} hero(es)", fmt.heroes - i64::from(c.heroes))
                } else {
                    format!("remove {} hero(es)", i64::from(c.heroes) - fmt.heroes)
                }),
                decision: None,
            });
        }

        // 3.3: the 10/10/10 rule.
        for (label, have, min, cat) in [
            ("Barrack", c.barrack, fmt.min_barrack, Category::Barrack),
            ("Treasury", c.treasury, fmt.min_treasury, Category::Treasury),
            (
                "Spellbook",
                c.spellbook,
                fmt.min_spellbook,
                Category::Spellbook,
            ),
        ] {
            if i64::from(have) < min {
                let (cards, lines) = self.lines_of(deck, &|x| x.category == cat);
                rules.push(Violation {
                    rule: "3.3".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{have} / at least {min} {label} cards ({}/{}/{} rule)",
                        fmt.min_barrack, fmt.min_treasury, fmt.min_spellbook
                    ),
                    cards,
                    actual: Some(have.to_string()),
                    allowed: Some(format!("at least {min}")),
                    lines,
                    suggestion: Some(format!("add {} {label} card(s)", min - i64::from(have))),
                    decision: Some("D5".into()),
                });
            }
        }

        // 3.4: exactly 45 main-deck cards.
        if i64::from(summary.main_deck) != fmt.main_deck {
            let m = i64::from(summary.main_deck);
            rules.push(Violation {
                rule: "3.4".into(),
                severity: Severity::Error,
                message: format!(
                    "{} / {} cards: Barrack ({}), Treasury ({}) and Spellbook ({}) together make exactly {} (heroes, terrain and tokens are not counted)",
                    summary.main_deck, fmt.main_deck, c.barrack, c.treasury, c.spellbook, fmt.main_deck
                ),
                cards: Vec::new(),
                actual: Some(summary.main_deck.to_string()),
                allowed: Some(fmt.main_deck.to_string()),
                lines: Vec::new(),
                suggestion: Some(if m < fmt.main_deck {
                    format!("add {} Barrack, Treasury or Spellbook card(s)", fmt.main_deck - m)
                } else {
                    format!("remove {} Barrack, Treasury or Spellbook card(s)", m - fmt.main_deck)
                }),
                decision: Some("D5".into()),
            });
        }

        // 3.7: copies (not heroes D2, not terrain, not zero-value tokens D9).
        for (idx, count, lines) in deck {
            let card = &self.cards[*idx];
            let exempt = card.category == Category::Hero
                || card.category == Category::Terrain
                || (card.category == Category::Token && card.value == 0);
            if !exempt && i64::from(*count) > fmt.max_copies {
                rules.push(Violation {
                    rule: "3.7".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{count} / {} copies of {}: at most {} {} of any one card",
                        fmt.max_copies,
                        card.name,
                        fmt.max_copies,
                        if fmt.max_copies == 1 {
                            "copy"
                        } else {
                            "copies"
                        }
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some(fmt.max_copies.to_string()),
                    lines: lines.clone(),
                    suggestion: Some(format!(
                        "remove {} {}",
                        i64::from(*count) - fmt.max_copies,
                        card.name
                    )),
                    decision: Some(
                        if card.category == Category::Token {
                            "D9"
                        } else {
                            "D2"
                        }
                        .into(),
                    ),
                });
            }
        }
    }

    /// 5.1.2: the heroes are different cards (D2).
    pub(super) fn check_hero_copies(&self, deck: &[DeckEntry], rules: &mut Vec<Violation>) {
        for (idx, count, lines) in deck {
            let card = &self.cards[*idx];
            if card.category == Category::Hero && *count > 1 {
                rules.push(Violation {
                    rule: "5.1.2".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{count} copies of the hero {}: the heroes must be different cards",
                        card.name
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some("1".into()),
                    lines: lines.clone(),
                    suggestion: Some(format!("keep one {} and choose another hero", card.name)),
                    decision: Some("D2".into()),
                });
            }
        }
    }

    /// 3.11 and 3.12: terrain.
    pub(super) fn check_terrain(
        &self,
        deck: &[DeckEntry],
        c: &CategoryCounts,
        rules: &mut Vec<Violation>,
    ) {
        let fmt = &self.format;
        if i64::from(c.terrain) < fmt.min_terrain {
            let (cards, lines) = self.lines_of(deck, &|x| x.category == Category::Terrain);
            rules.push(Violation {
                rule: "3.11".into(),
                severity: Severity::Error,
                message: format!("{} / at least {} terrain cards", c.terrain, fmt.min_terrain),
                cards,
                actual: Some(c.terrain.to_string()),
                allowed: Some(format!("at least {}", fmt.min_terrain)),
                lines,
                suggestion: Some(format!(
                    "add {} terrain card(s); Grassland and Spawner cost 0 gold",
                    fmt.min_terrain - i64::from(c.terrain)
                )),
                decision: None,
            });
        }
        if i64::from(c.movement_terrain) > fmt.max_movement_terrain {
            let (cards, lines) =
                self.lines_of(deck, &|x| x.category == Category::Terrain && x.movement);
            rules.push(Violation {
                rule: "3.12".into(),
                severity: Severity::Error,
                message: format!(
                    "{} / {} terrain cards that affect movement ({})",
                    c.movement_terrain,
                    fmt.max_movement_terrain,
                    cards.join(", ")
                ),
                cards,
                actual: Some(c.movement_terrain.to_string()),
                allowed: Some(fmt.max_movement_terrain.to_string()),
                lines,
                suggestion: Some(format!(
                    "replace {} of them with Grassland or Spawner",
                    i64::from(c.movement_terrain) - fmt.max_movement_terrain
                )),
                decision: None,
            });
        }
    }
}
