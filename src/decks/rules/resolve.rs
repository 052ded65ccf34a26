//! Name resolution: the decklist's entries become the deck's cards.
//!
//! This file owns reading each entry against the catalogue: unknown names with their
//! "did you mean" suggestions, cards listed under the wrong section (D5, tokens 3.5/D8),
//! duplicate lines merged (D11), and the list that names no card at all. The rules on
//! the resolved deck are in the sibling files; parsing the text is `parse`'s job.

use super::{Category, DeckEntry, DeckValidator, Severity, Violation, MAX_VIOLATIONS};
use crate::decks::parse::{shorten, Decklist, Section};
use crate::text::fold;

impl DeckValidator {
    /// Resolves the names of `list` and merges duplicate lines (D11), reporting into
    /// `out` (counting into `dropped` past [`MAX_VIOLATIONS`]).
    pub(super) fn resolve(
        &self,
        list: &Decklist,
        out: &mut Vec<Violation>,
        dropped: &mut usize,
    ) -> Vec<DeckEntry> {
        let fmt = &self.format;
        let mut deck: Vec<DeckEntry> = Vec::with_capacity(list.entries.len());
        let mut unknown = 0usize;
        let mut key = String::new();
        for e in &list.entries {
            let Some(&idx) = self.by_name.get(fold_into(&e.name, &mut key)) else {
                unknown += 1;
                if out.len() >= MAX_VIOLATIONS {
                    *dropped += 1;
                    continue;
                }
                let suggestions = self.closest_cards(&e.name);
                let suggestion = match suggestions.as_slice() {
                    [] => None,
                    list => Some(format!(
                        "did you mean {}?",
                        list.iter()
                            .map(|s| format!("`{s}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                };
                out.push(Violation {
                    rule: "card".into(),
                    severity: Severity::Error,
                    message: format!("no Heroes of Karth card is named `{}`", shorten(&e.name)),
                    cards: Vec::new(),
                    actual: None,
                    allowed: None,
                    lines: vec![e.line],
                    suggestion,
                    decision: None,
                });
                continue;
            };
            let card = &self.cards[idx];
            if let Some(s) = e.section {
                let right = super::section(card.category);
                if s != right && out.len() < MAX_VIOLATIONS {
                    if card.category == Category::Token
                        && matches!(s, Section::Barrack | Section::Treasury | Section::Spellbook)
                    {
                        // rule 3.5: tokens are not among the 45.
                        out.push(Violation {
                            rule: "3.5".into(),
                            severity: Severity::Warning,
                            message: format!(
                                "{} is a token, listed under {}: tokens are not among the {} main-deck cards; it is counted in the token pile",
                                card.name, s.as_str(), fmt.main_deck
                            ),
                            cards: vec![card.name.clone()],
                            actual: None,
                            allowed: None,
                            lines: vec![e.line],
                            suggestion: Some("move it under Tokens".to_string()),
                            decision: Some("D8".into()),
                        });
                    } else {
                        out.push(Violation {
                            rule: "decklist".into(),
                            severity: Severity::Warning,
                            message: format!(
                                "{} is a {} ({}) but is listed under {}; it is counted as {}",
                                card.name,
                                card.card_type,
                                right.as_str(),
                                s.as_str(),
                                right.as_str()
                            ),
                            cards: vec![card.name.clone()],
                            actual: None,
                            allowed: None,
                            lines: vec![e.line],
                            suggestion: Some(format!("move it under {}", right.as_str())),
                            decision: Some("D5".into()),
                        });
                    }
                } else if s != right {
                    *dropped += 1;
                }
            }
            match deck.iter_mut().find(|d| d.0 == idx) {
                Some(d) => {
                    d.1 = d.1.saturating_add(e.count);
                    d.2.push(e.line);
                }
                None => deck.push((idx, e.count, vec![e.line])),
            }
        }
        for (idx, count, lines) in &deck {
            if lines.len() > 1 && out.len() < MAX_VIOLATIONS {
                let card = &self.cards[*idx];
                out.push(Violation {
                    rule: "decklist".into(),
                    severity: Severity::Note,
                    message: format!(
                        "{} is listed on {} lines ({}); the copies add up to {count}",
                        card.name,
                        lines.len(),
                        join_lines(lines)
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: None,
                    lines: lines.clone(),
                    suggestion: Some(format!("write it once: `{count} {}`", card.name)),
                    decision: Some("D11".into()),
                });
            }
        }
        if unknown > 0 && deck.is_empty() && list.entries.len() >= 3 {
            out.insert(
                0,
                Violation {
                    rule: "decklist".into(),
                    severity: Severity::Error,
                    message: format!(
                        "this does not look like a Heroes of Karth decklist: none of its {} card lines names a card",
                        list.entries.len()
                    ),
                    cards: Vec::new(),
                    actual: None,
                    allowed: None,
                    lines: Vec::new(),
                    suggestion: Some(
                        "write one card per line, such as `3 Spark`; see docs/decks.md".into(),
                    ),
                    decision: None,
                },
            );
        }
        deck
    }

    /// The (at most 3) card names closest to `wanted`, as [`crate::text::closest`] ranks
    /// them, over the names folded once in [`DeckValidator::new`].
    fn closest_cards(&self, wanted: &str) -> Vec<&str> {
        if wanted.chars().count() > 100 {
            return Vec::new();
        }
        let key = fold(wanted);
        let mut scored: Vec<(f64, &str)> = self
            .folded
            .iter()
            .zip(&self.cards)
            .map(|(f, c)| (strsim::jaro_winkler(&key, f), c.name.as_str()))
            .filter(|(score, _)| *score >= 0.7)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        scored.into_iter().take(3).map(|(_, n)| n).collect()
    }
}

/// [`fold`] into a reused buffer: plain ASCII names (the common case) need no allocation.
fn fold_into<'b>(name: &str, buf: &'b mut String) -> &'b str {
    let s = name.trim();
    if s.bytes().all(|b| b.is_ascii_graphic() || b == b' ') && !s.contains("  ") {
        buf.clear();
        buf.extend(s.chars().map(|c| c.to_ascii_lowercase()));
    } else {
        *buf = fold(s);
    }
    buf.as_str()
}

fn join_lines(lines: &[usize]) -> String {
    let s: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    match s.as_slice() {
        [] => String::new(),
        [one] => format!("line {one}"),
        [init @ .., last] => format!("lines {} and {last}", init.join(", ")),
    }
}
