//! What the step-through shows of a KeyForge turn, as the core's plain board data: for
//! each player (the opponent of the active player on top) a row for the battleline, left
//! flank first (each creature's power as it stands, armor, damage, upgrades, captured
//! Æmber, and marks for exhausted — a card turned sideways —, stunned and Elusive used),
//! a row of artifacts, and a row for each non-empty hand, discard pile and archives.
//! Row labels carry each player's Æmber and keys. [`card_lines`] gives both battlelines
//! as rows of cards for the step page's drawing (exhausted cards turned sideways). No
//! HTML here.

use super::format::Verb;
use super::state::{Card, Place, State};
use crate::rules::view::{Board, CardLine, Ended, LineCard, Mark, Piece, Place as Slot, Row, Stat};

const EXHAUSTED: Mark = Mark {
    name: "exhausted",
    icon: "↷",
    meaning: "exhausted (turned sideways)",
};
const STUNNED: Mark = Mark {
    name: "stunned",
    icon: "✴",
    meaning: "stunned: its next use only removes the stun",
};
const ELUSIVE_USED: Mark = Mark {
    name: "elusive_used",
    icon: "◌",
    meaning: "already fought this turn (Elusive used)",
};

fn piece(st: &State, c: &Card, place: Place) -> Piece {
    let in_play = place.in_play();
    let mut marks = Vec::new();
    if c.exhausted && in_play {
        marks.push(EXHAUSTED);
    }
    if c.stunned && in_play {
        marks.push(STUNNED);
    }
    if c.elusive_used && in_play {
        marks.push(ELUSIVE_USED);
    }
    let mut stats = Vec::new();
    if c.kind == super::format::Kind::Creature {
        stats.push(Stat {
            name: "power",
            value: if in_play { st.power(&c.id) } else { c.power },
        });
        stats.push(Stat {
            name: "armor",
            value: c.armor,
        });
    }
    let mut carries: Vec<String> = c.upgrades.iter().map(|u| u.name.clone()).collect();
    if c.amber > 0 {
        carries.push(format!("{}Æ captured", c.amber));
    }
    Piece {
        name: if c.name == c.id {
            c.id.clone()
        } else {
            format!("{} ({})", c.name, c.id)
        },
        badge: "",
        badge_meaning: "",
        stats,
        damage: if in_play { c.damage } else { 0 },
        carries,
        abilities: c.abilities.iter().map(|a| a.label()).collect(),
        marks,
    }
}

/// Both players' zones.
pub fn board(st: &State) -> Board {
    let order = [1 - st.active.min(1), st.active.min(1)];
    let mut rows = Vec::new();
    for p in order {
        let player = &st.players[p];
        let head = format!(
            "{} · {}Æ · {} key(s){}",
            player.name,
            player.amber,
            player.keys,
            if p == st.active {
                format!(" · active, house {}", st.house)
            } else {
                String::new()
            }
        );
        for (place, label) in [
            (Place::Battleline, "battleline, left flank first"),
            (Place::Artifacts, "artifacts"),
            (Place::Hand, "hand"),
            (Place::Discard, "discard pile"),
            (Place::Archives, "archives"),
        ] {
            let cards = player.zone(place);
            if cards.is_empty() && !matches!(place, Place::Battleline) {
                continue;
            }
            rows.push(Row {
                owner: player.name.clone(),
                label: format!("{head} · {label}"),
                places: cards
                    .iter()
                    .enumerate()
                    .map(|(i, c)| Slot {
                        n: i + 1,
                        piece: Some(piece(st, c, place)),
                    })
                    .collect(),
            });
        }
    }
    Board {
        rows,
        ended: st.outcome.as_ref().map(|o| Ended {
            game_over: false,
            why: match o.result {
                "stopped_at_rejection" => "stopped at a rejected action".into(),
                "bad_pin" => "a pinned decision names no option".into(),
                _ if o.rejected.is_empty() => "every action is taken".into(),
                _ => format!(
                    "every action is taken; rejected: {}",
                    o.rejected
                        .iter()
                        .map(|n| format!("action {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        }),
        readings_in_play: Some(readings_in_play(st)),
    }
}

/// The interpretations the position's actions can bring into play.
fn readings_in_play(st: &State) -> Vec<&'static str> {
    let has = |v: Verb| st.actions.iter().any(|a| a.verb == v);
    let mut out = Vec::new();
    if has(Verb::Fight) {
        out.extend([
            "fight_stopped_early",
            "fight_attacker_gone",
            "destroyed_fighting",
        ]);
    }
    if has(Verb::Omni) {
        out.push("omni_exhausts");
    }
    if has(Verb::Fight) || has(Verb::Reap) || has(Verb::Action) {
        out.push("active_house");
    }
    if has(Verb::Action) || has(Verb::Omni) {
        out.push("futile_use");
    }
    out
}

/// Both battlelines as rows of cards on the table, the opponent's on top, left flank
/// first: each creature's power as it stands, armor and damage, turned sideways when
/// exhausted, each line labelled with its player's Æmber and keys.
pub fn card_lines(st: &State) -> Vec<CardLine> {
    let order = [1 - st.active.min(1), st.active.min(1)];
    order
        .iter()
        .map(|&p| {
            let player = &st.players[p];
            let keys = if player.keys == 1 { "key" } else { "keys" };
            CardLine {
                owner: player.name.clone(),
                label: format!(
                    "{} · {}Æ · {} {keys}{} · battleline",
                    player.name,
                    player.amber,
                    player.keys,
                    if p == st.active {
                        format!(" · active, house {}", st.house)
                    } else {
                        String::new()
                    }
                ),
                cards: player
                    .battleline
                    .iter()
                    .map(|c| {
                        let mut notes = Vec::new();
                        if c.stunned {
                            notes.push("stunned".to_string());
                        }
                        if c.amber > 0 {
                            notes.push(format!("{}Æ captured", c.amber));
                        }
                        if c.elusive_used {
                            notes.push("Elusive used".to_string());
                        }
                        notes.extend(c.upgrades.iter().map(|u| format!("+ {}", u.name)));
                        LineCard {
                            name: c.name.clone(),
                            turned: c.exhausted,
                            stats: vec![
                                Stat {
                                    name: "power",
                                    value: st.power(&c.id),
                                },
                                Stat {
                                    name: "armor",
                                    value: c.armor,
                                },
                            ],
                            damage: c.damage,
                            notes,
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}
