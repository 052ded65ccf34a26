//! The rulings' compact change syntax: a change parsed from its text (`damage foe 4`) and printed back.

use super::super::format::RulingChange;
use super::super::format::Zone;

/// The zones a card can be played or moved from, by name.
pub(super) const FROM_ZONES: &[Zone] = &[Zone::Hand, Zone::Discard, Zone::Archives, Zone::Deck];

/// One change of a ruling, in words: `damage foe 4`, `amber Bob -1`, `move foe discard`.
pub(super) fn change(s: &str) -> Result<RulingChange, String> {
    let s = s.trim();
    let (kind, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
    let rest = rest.trim();
    // The last word is a number or a zone; the words before it name the card or player.
    let last = |what: &str| -> Result<(String, String), String> {
        match rest.rsplit_once(char::is_whitespace) {
            Some((name, v)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), v.to_string()))
            }
            _ => Err(format!("{kind} needs a {what} after the name")),
        }
    };
    let amount = |v: &str| {
        v.parse::<i32>()
            .map_err(|_| format!("{v:?} is not a whole number"))
    };
    let card = || {
        if rest.is_empty() {
            Err(format!("{kind} needs a card id"))
        } else {
            Ok(rest.to_string())
        }
    };
    Ok(match kind.to_ascii_lowercase().as_str() {
        "amber" => {
            let (player, by) = last("number")?;
            RulingChange::Amber {
                player,
                by: amount(&by)?,
            }
        }
        "damage" => {
            let (card, v) = last("number")?;
            RulingChange::Damage {
                card,
                amount: amount(&v)?,
            }
        }
        "heal" => {
            let (card, v) = last("number")?;
            RulingChange::Heal {
                card,
                amount: amount(&v)?,
            }
        }
        "destroy" => RulingChange::Destroy { card: card()? },
        "exhaust" => RulingChange::Exhaust { card: card()? },
        "ready" => RulingChange::Ready { card: card()? },
        "stun" => RulingChange::Stun { card: card()? },
        "move" => {
            let (card, to) = last("zone")?;
            let Some(&to) = FROM_ZONES.iter().find(|z| z.name() == to) else {
                return Err(format!("{to:?} is not hand, discard, archives or deck"));
            };
            RulingChange::Move { card, to }
        }
        k => {
            return Err(format!(
                "{k:?} is not amber, damage, heal, destroy, exhaust, ready, stun or move"
            ))
        }
    })
}

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
