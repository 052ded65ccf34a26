//! The rulings' compact change syntax, the one reader of a judge's ruling written in
//! words (the builder form's `rulings` field and the step page's ruling box): a list of
//! changes (`damage foe 4; amber Bob -1`) parsed with the column of each change and of
//! every problem ([`changes`]), and a change printed back ([`change_text`]). What the
//! names mean (which card, which player) is the resolver's to check, not the syntax's.

use super::super::format::{caps, Icon, RulingChange, Zone};
use crate::rules::decision::AnswerError;

/// The zones a card can be played or moved from, by name.
pub(super) const FROM_ZONES: &[Zone] = &[Zone::Hand, Zone::Discard, Zone::Archives, Zone::Deck];

/// The syntax in words, for hints.
pub const SYNTAX: &str = "Changes, separated by semicolons: amber PLAYER N, damage CARD N, heal CARD N, destroy CARD, exhaust CARD, ready CARD, stun CARD, move CARD hand|discard|archives|deck; or none for a ruling that changes nothing";

/// A complete ruling to copy.
pub const EXAMPLE: &str = "damage foe 4; amber Bob -1";

/// The word a ruling that changes nothing is written as.
const NONE: &str = "none";

/// One change as written, with the 1-based column (in characters) it starts at.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    pub column: usize,
    pub change: RulingChange,
}

/// A word of the text and the 1-based column it starts at.
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

/// The words of `piece` (a byte range of the whole text starting at char column
/// `column`), each with its column.
fn words(piece: &str, column: usize) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    for (col, (b, ch)) in (column..).zip(piece.char_indices()) {
        if ch.is_whitespace() {
            if let Some((sb, sc)) = start.take() {
                out.push(Word {
                    text: &piece[sb..b],
                    column: sc,
                });
            }
        } else if start.is_none() {
            start = Some((b, col));
        }
    }
    if let Some((sb, sc)) = start {
        out.push(Word {
            text: &piece[sb..],
            column: sc,
        });
    }
    out
}

/// The changes of a ruling written as `text` (separated by `;` or line breaks; empty
/// pieces skipped; `none` alone is a ruling that changes nothing), each with its column;
/// or every problem, each at its column. Columns count characters from 1, plus
/// `offset` (where `text` starts in a longer line).
pub fn changes(text: &str, offset: usize) -> Result<Vec<Located>, Vec<AnswerError>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut pieces: Vec<Vec<Word<'_>>> = Vec::new();
    let mut column = offset + 1;
    for piece in text.split([';', '\n']) {
        let w = words(piece, column);
        if !w.is_empty() {
            pieces.push(w);
        }
        column += piece.chars().count() + 1;
    }
    if pieces.is_empty() {
        return Err(vec![AnswerError::at(
            offset + 1,
            format!("expected a change (for example {EXAMPLE}), or {NONE} for a ruling that changes nothing"),
        )]);
    }
    if let [only] = pieces.as_slice() {
        if let [w] = only.as_slice() {
            if w.text.eq_ignore_ascii_case(NONE) {
                return Ok(Vec::new());
            }
        }
    }
    for piece in &pieces {
        match change(piece) {
            Ok(change) => out.push(Located {
                column: piece[0].column,
                change,
            }),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// One change from its words (at least one).
fn change(w: &[Word<'_>]) -> Result<RulingChange, AnswerError> {
    let kind = w[0];
    let rest = &w[1..];
    let end = w
        .last()
        .map_or(kind.column, |l| l.column + l.text.chars().count())
        + 1;
    let lower = kind.text.to_ascii_lowercase();
    // The words before the last name the card or player, as written.
    let name =
        |ws: &[Word<'_>]| -> String { ws.iter().map(|w| w.text).collect::<Vec<_>>().join(" ") };
    let named_then = |what: &str, who: &str| -> Result<(String, Word<'_>), AnswerError> {
        match rest {
            [] => Err(AnswerError::at(
                end,
                format!("expected a {who} after {lower}, then a {what}"),
            )),
            [only] => Err(AnswerError::at(
                only.column + only.text.chars().count() + 1,
                format!("expected a {what} after the {who} {:?}", only.text),
            )),
            [names @ .., last] => Ok((name(names), *last)),
        }
    };
    let amount = |v: Word<'_>| {
        v.text.parse::<i32>().map_err(|_| {
            AnswerError::at(
                v.column,
                format!("expected a whole number, found {:?}", v.text),
            )
        })
    };
    let card = || {
        if rest.is_empty() {
            Err(AnswerError::at(
                end,
                format!("expected a card id after {lower}"),
            ))
        } else {
            Ok(name(rest))
        }
    };
    Ok(match lower.as_str() {
        "amber" => {
            let (player, by) = named_then("whole number", "player name")?;
            RulingChange::Amber {
                player,
                by: amount(by)?,
            }
        }
        "damage" => {
            let (card, v) = named_then("whole number", "card id")?;
            RulingChange::Damage {
                card,
                amount: amount(v)?,
            }
        }
        "heal" => {
            let (card, v) = named_then("whole number", "card id")?;
            RulingChange::Heal {
                card,
                amount: amount(v)?,
            }
        }
        "destroy" => RulingChange::Destroy { card: card()? },
        "exhaust" => RulingChange::Exhaust { card: card()? },
        "ready" => RulingChange::Ready { card: card()? },
        "stun" => RulingChange::Stun { card: card()? },
        "move" => {
            let (card, to) = named_then("zone (hand, discard, archives or deck)", "card id")?;
            let Some(&zone) = FROM_ZONES
                .iter()
                .find(|z| z.name().eq_ignore_ascii_case(to.text))
            else {
                return Err(AnswerError::at(
                    to.column,
                    format!(
                        "expected hand, discard, archives or deck, found {:?}",
                        to.text
                    ),
                ));
            };
            RulingChange::Move { card, to: zone }
        }
        _ if lower == NONE => {
            return Err(AnswerError::at(
                kind.column,
                format!(
                    "expected a change: {NONE} stands alone, for a ruling that changes nothing"
                ),
            ))
        }
        _ => {
            return Err(AnswerError::at(
                kind.column,
                format!(
                "expected amber, damage, heal, destroy, exhaust, ready, stun or move, found {:?}",
                kind.text
            ),
            ))
        }
    })
}

/// A change written back in the syntax [`changes`] reads.
pub(super) fn change_text(c: &RulingChange) -> String {
    match c {
        RulingChange::Amber { player, by } => format!("amber {player} {by}"),
        RulingChange::Damage { card, amount } => format!("damage {card} {amount}"),
        RulingChange::Heal { card, amount } => format!("heal {card} {amount}"),
        RulingChange::Destroy { card } => format!("destroy {card}"),
        RulingChange::Exhaust { card } => format!("exhaust {card}"),
        RulingChange::Ready { card } => format!("ready {card}"),
        RulingChange::Stun { card } => format!("stun {card}"),
        RulingChange::Move { card, to } => format!("move {card} {}", to.name()),
    }
}

/// A card's bonus icons from the form: names top to bottom, separated by commas or
/// spaces (`amber, damage`), or a number of Æmber icons (`2`); empty is none.
pub(super) fn icons(s: &str) -> Result<Vec<Icon>, String> {
    let s = s.trim();
    if let Ok(n) = s.parse::<usize>() {
        if n > caps::ICONS {
            return Err(format!("at most {} bonus icons", caps::ICONS));
        }
        return Ok(vec![Icon::Amber; n]);
    }
    let mut out = Vec::new();
    for word in s.split([',', ' ']).filter(|w| !w.trim().is_empty()) {
        match Icon::parse(word) {
            Some(i) => out.push(i),
            None => {
                return Err(format!(
                    "{:?} is not a bonus icon: amber, capture, damage or draw",
                    word.trim()
                ))
            }
        }
    }
    if out.len() > caps::ICONS {
        return Err(format!("at most {} bonus icons", caps::ICONS));
    }
    Ok(out)
}

/// Bonus icons written back as [`icons`] reads them.
pub(super) fn icons_text(icons: &[Icon]) -> String {
    icons
        .iter()
        .map(|i| i.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A ruling's changes written back: `;`-separated, or `none`.
pub fn ruling_text(changes: &[RulingChange]) -> String {
    if changes.is_empty() {
        NONE.to_string()
    } else {
        changes
            .iter()
            .map(change_text)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errs(text: &str) -> Vec<String> {
        changes(text, 0)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn reads_changes_with_their_columns_and_prints_them_back() {
        let got = changes("damage foe 4;  amber Bob -1 ;move x discard", 0).unwrap();
        let cols: Vec<usize> = got.iter().map(|l| l.column).collect();
        assert_eq!(cols, vec![1, 16, 30]);
        let back: Vec<RulingChange> = got.into_iter().map(|l| l.change).collect();
        assert_eq!(
            ruling_text(&back),
            "damage foe 4; amber Bob -1; move x discard"
        );
        assert_eq!(changes("none", 0).unwrap(), Vec::new());
        assert_eq!(ruling_text(&[]), "none");
        // A name of several words is kept as written between the verb and the number.
        let two = changes("amber Ann Lee 2", 0).unwrap();
        assert_eq!(
            two[0].change,
            RulingChange::Amber {
                player: "Ann Lee".into(),
                by: 2
            }
        );
    }

    #[test]
    fn every_problem_is_at_its_column_saying_what_was_expected() {
        assert_eq!(
            errs("damage foe x; explode foe"),
            vec![
                "at column 12: expected a whole number, found \"x\"",
                "at column 15: expected amber, damage, heal, destroy, exhaust, ready, stun or move, found \"explode\"",
            ]
        );
        assert_eq!(
            errs("damage foe"),
            vec!["at column 12: expected a whole number after the card id \"foe\""]
        );
        assert_eq!(
            errs("stun"),
            vec!["at column 6: expected a card id after stun"]
        );
        assert_eq!(
            errs("move foe pile"),
            vec!["at column 10: expected hand, discard, archives or deck, found \"pile\""]
        );
        assert_eq!(
            errs(" ; "),
            vec!["at column 1: expected a change (for example damage foe 4; amber Bob -1), or none for a ruling that changes nothing"]
        );
        assert_eq!(
            errs("none; stun foe"),
            vec!["at column 1: expected a change: none stands alone, for a ruling that changes nothing"]
        );
        // An offset moves every column (the form's line `1: …`).
        assert_eq!(changes("stun", 3).unwrap_err()[0].column, Some(9));
    }
}
