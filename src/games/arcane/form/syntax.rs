//! The compact text syntaxes of the Arcane Legions form, each a parse/print pair: a figure slot (`o Fireburst@2`), an inline effect line and a judge's resolution change (`down C: 2 3`).

use super::super::format::*;
use crate::rules::form;

/// One slot item: `o` or `x`, an optional `@moment`, then abilities joined by `+`.
pub(super) fn slot(item: &str) -> Result<SlotSpec, String> {
    let (head, rest) = match item.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (item, ""),
    };
    let (mark, since) = match head.split_once('@') {
        Some((m, s)) => (
            m,
            s.parse::<u32>()
                .map_err(|_| format!("{s:?} after @ is not a moment (a whole number)"))?,
        ),
        None => (head, 0),
    };
    let occupied = match mark.to_ascii_lowercase().as_str() {
        "o" => true,
        "x" => false,
        _ => {
            return Err(format!(
                "{item:?} does not start with o (occupied) or x (empty)"
            ))
        }
    };
    let abilities = rest
        .split('+')
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect();
    Ok(SlotSpec {
        occupied,
        abilities,
        since,
    })
}

pub(super) fn slot_text(s: &SlotSpec) -> String {
    let mut out = String::from(if s.occupied { "o" } else { "x" });
    if s.since != 0 {
        out.push_str(&format!("@{}", s.since));
    }
    if !s.abilities.is_empty() {
        out.push(' ');
        out.push_str(&s.abilities.join(" + "));
    }
    out
}

/// One effect line: `text`, then `| N colour` (the dice it gives) and `| lasting` (it does
/// not end with the turn), in either order.
pub(super) fn effect(line: &str) -> Result<EffectSpec, String> {
    let mut parts = line.split('|').map(str::trim);
    let text = parts.next().unwrap_or_default().to_string();
    let mut e = EffectSpec {
        text,
        until_end_of_turn: true,
        dice: None,
        color: None,
    };
    for part in parts {
        if part.eq_ignore_ascii_case("lasting") {
            e.until_end_of_turn = false;
            continue;
        }
        let (n, colour) = match part.split_once(char::is_whitespace) {
            Some((n, c)) => (n, c.trim()),
            None => (part, ""),
        };
        e.dice = Some(n.parse().map_err(|_| {
            format!("{part:?} is neither dice (a number and a colour: 2 blue) nor lasting")
        })?);
        e.color = form::optional(colour);
    }
    Ok(e)
}

pub(super) fn effect_text(e: &EffectSpec) -> String {
    let mut out = e.text.clone();
    if let Some(n) = e.dice {
        out.push_str(&format!(" | {n}"));
        if let Some(c) = &e.color {
            out.push_str(&format!(" {c}"));
        }
    }
    if !e.until_end_of_turn {
        out.push_str(" | lasting");
    }
    out
}

/// One change of a resolution: `down C: 2 3`, `return C: 1`, `damage C: 2`,
/// `op Alice: +1`, `vp Bob: -1`, `effect C: text | 2 blue`, `nothing`.
pub(super) fn change(s: &str) -> Result<JudgeChange, String> {
    if s.eq_ignore_ascii_case("nothing") {
        return Ok(JudgeChange::Nothing);
    }
    let bad = || {
        format!(
            "{s:?} is not a change: down U: slots, return U: slots, damage U: N, op P: ±N, vp P: ±N, effect U: text, or nothing"
        )
    };
    let (verb, rest) = s.split_once(char::is_whitespace).ok_or_else(bad)?;
    let (who, value) = rest.split_once(':').ok_or_else(bad)?;
    let (who, value) = (who.trim().to_string(), value.trim());
    let slots = || -> Result<Vec<usize>, String> {
        value
            .split([',', ' '])
            .filter(|x| !x.is_empty())
            .map(|x| x.parse().map_err(|_| format!("{x:?} is not a slot number")))
            .collect()
    };
    let gain = || -> Result<i64, String> {
        value
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("{value:?} is not a gain (+1, -2)"))
    };
    Ok(match verb {
        "down" => JudgeChange::Down {
            unit: who,
            slots: slots()?,
        },
        "return" => JudgeChange::Return {
            unit: who,
            slots: slots()?,
        },
        "damage" => JudgeChange::Damage {
            unit: who,
            amount: value
                .parse()
                .map_err(|_| format!("{value:?} is not an amount of damage"))?,
        },
        "op" => JudgeChange::Op {
            player: who,
            gain: gain()?,
        },
        "vp" => JudgeChange::Vp {
            player: who,
            gain: gain()?,
        },
        "effect" => JudgeChange::Effect {
            unit: who,
            effect: effect(value)?,
        },
        _ => return Err(bad()),
    })
}

pub(super) fn change_text(c: &JudgeChange) -> String {
    let nums = |s: &[usize]| {
        s.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match c {
        JudgeChange::Down { unit, slots } => format!("down {unit}: {}", nums(slots)),
        JudgeChange::Return { unit, slots } => format!("return {unit}: {}", nums(slots)),
        JudgeChange::Damage { unit, amount } => format!("damage {unit}: {amount}"),
        JudgeChange::Op { player, gain } => format!("op {player}: {gain:+}"),
        JudgeChange::Vp { player, gain } => format!("vp {player}: {gain:+}"),
        JudgeChange::Effect { unit, effect } => format!("effect {unit}: {}", effect_text(effect)),
        JudgeChange::Nothing => "nothing".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_effects_and_changes_read_back_what_they_write() {
        for s in [
            SlotSpec {
                occupied: true,
                abilities: vec!["Fireburst".into(), "Nature Magic".into()],
                since: 2,
            },
            SlotSpec {
                occupied: false,
                abilities: Vec::new(),
                since: 0,
            },
        ] {
            assert_eq!(slot(&slot_text(&s)), Ok(s));
        }
        let e = EffectSpec {
            text: "gains 2 blue dice until end of turn".into(),
            until_end_of_turn: false,
            dice: Some(2),
            color: Some("blue".into()),
        };
        assert_eq!(
            effect_text(&e),
            "gains 2 blue dice until end of turn | 2 blue | lasting"
        );
        assert_eq!(effect(&effect_text(&e)), Ok(e.clone()));
        for c in [
            JudgeChange::Down {
                unit: "C".into(),
                slots: vec![2, 3],
            },
            JudgeChange::Op {
                player: "Alice".into(),
                gain: -1,
            },
            JudgeChange::Vp {
                player: "Bob".into(),
                gain: 2,
            },
            JudgeChange::Effect {
                unit: "C".into(),
                effect: e.clone(),
            },
            JudgeChange::Nothing,
        ] {
            assert_eq!(change(&change_text(&c)), Ok(c));
        }
        assert!(slot("q").unwrap_err().contains("does not start with o"));
        assert!(change("fly C: 2").unwrap_err().contains("is not a change"));
    }
}
