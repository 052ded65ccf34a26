//! The rules about particular cards: items no one in the deck can use (5.6.2, D7) and
//! the format's banned and restricted cards (D10, `legality.csv`).
//!
//! Counts, limits and factions are in the sibling files.

use super::{DeckEntry, DeckValidator, Severity, Violation};
use crate::catalogue::LegalityStatus;

impl DeckValidator {
    /// 5.6.2 (warning): items no one in the deck can use (D7).
    pub(super) fn check_items(&self, deck: &[DeckEntry], rules: &mut Vec<Violation>) {
        let mut classes: Vec<&str> = Vec::new();
        for (idx, _, _) in deck {
            let card = &self.cards[*idx];
            let kind = crate::grammar::karth::CardType::parse(&card.card_type);
            if kind.is_some_and(|k| k.has_class()) {
                if let Some(cl) = &card.class {
                    classes.push(cl.as_str());
                }
            }
        }
        for (idx, _, lines) in deck {
            let card = &self.cards[*idx];
            let item = crate::grammar::karth::CardType::parse(&card.card_type)
                == Some(crate::grammar::karth::CardType::Item);
            if item
                && !classes
                    .iter()
                    .any(|c| crate::grammar::karth::class_allows(&card.classes, Some(c)))
                && !card.classes.is_empty()
            {
                rules.push(Violation {
                    rule: "5.6.2".into(),
                    severity: Severity::Warning,
                    message: format!(
                        "{} can be used only by {}, and no unit or hero in the deck is one",
                        card.name,
                        card.classes.join(" or ")
                    ),
                    cards: vec![card.name.clone()],
                    actual: None,
                    allowed: Some(card.classes.join("; ")),
                    lines: lines.clone(),
                    suggestion: Some(format!(
                        "add a {} or replace the item",
                        card.classes.join(" or ")
                    )),
                    decision: Some("D7".into()),
                });
            }
        }
    }

    /// The format's banned and restricted cards (D10).
    pub(super) fn check_statuses(&self, deck: &[DeckEntry], rules: &mut Vec<Violation>) {
        let fmt = &self.format;
        let rule_fmt = format!("format:{}", fmt.name);
        for (idx, count, lines) in deck {
            let card = &self.cards[*idx];
            match card.status {
                Some(LegalityStatus::Banned) => rules.push(Violation {
                    rule: rule_fmt.clone(),
                    severity: Severity::Error,
                    message: format!("{} is banned in the {} format", card.name, fmt.name),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some("0".into()),
                    lines: lines.clone(),
                    suggestion: Some(format!("remove {}", card.name)),
                    decision: Some("D10".into()),
                }),
                Some(LegalityStatus::Restricted) if *count > 1 => rules.push(Violation {
                    rule: rule_fmt.clone(),
                    severity: Severity::Error,
                    message: format!(
                        "{count} / 1 copies of {}: it is restricted to 1 copy in the {} format",
                        card.name, fmt.name
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some("1".into()),
                    lines: lines.clone(),
                    suggestion: Some(format!("remove {} {}", count - 1, card.name)),
                    decision: Some("D10".into()),
                }),
                _ => {}
            }
            if let (Some(was), Some(reg)) = (card.was, self.registered) {
                let name = |s: Option<LegalityStatus>| s.map_or("legal", LegalityStatus::as_str);
                rules.push(Violation {
                    rule: rule_fmt.clone(),
                    severity: Severity::Warning,
                    message: format!(
                        "{} was {} in the {} format on the registration date ({reg}) and is {} on the event date ({})",
                        card.name,
                        name(was),
                        fmt.name,
                        name(card.status),
                        self.on
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some(
                        match card.status {
                            Some(LegalityStatus::Banned) => "0",
                            Some(LegalityStatus::Restricted) => "1",
                            _ => "any",
                        }
                        .into(),
                    ),
                    lines: lines.clone(),
                    suggestion: Some(
                        "the list changed status after registration: the event date's list applies; tell the player"
                            .to_string(),
                    ),
                    decision: Some("D12".into()),
                });
            }
        }
    }

    /// The format itself applies only from its `effective` date (D12).
    pub(super) fn check_in_effect(&self, rules: &mut Vec<Violation>) {
        let fmt = &self.format;
        let Some(from) = fmt.effective.as_deref() else {
            return;
        };
        if crate::date::Date::parse(from).is_ok_and(|d| self.on < d) {
            rules.push(
                Violation::error(
                    format!("format:{}", fmt.name),
                    format!(
                        "the {} format applies from {from}; the event is on {}",
                        fmt.name, self.on
                    ),
                )
                .with_counts(self.on.to_string(), format!("from {from}"))
                .with_suggestion(Some(
                    "check the event in a format in effect on its date".to_string(),
                ))
                .with_decision("D12"),
            );
        }
    }
}
