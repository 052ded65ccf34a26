//! What the step-through shows of a Karth question: the battlefield as a grid (each
//! space's terrain, who laid it, walls and webs, the unit on it and its items; the path
//! of the step's move, red when rejected; the spaces a rejected action named), and as
//! rows each player's units, the cards off to the side (with the turn each was placed)
//! and the hand. Plain data; no HTML.

use super::format::UnitSpec;
use super::state::{State, Terrain};
use crate::rules::view::{Board, Ended, Grid, GridCell, GridPiece, Mark, Piece, Place, Row, Stat};

const HIDDEN: Mark = Mark {
    name: "hidden",
    icon: "◌",
    meaning: "hidden",
};
const NEW: Mark = Mark {
    name: "newly-hired",
    icon: "✦",
    meaning: "hired or brought in this turn",
};
const MOVED: Mark = Mark {
    name: "moved",
    icon: "➜",
    meaning: "has moved this turn",
};

fn unit_piece(st: &State, u: &UnitSpec) -> Piece {
    let mut marks = Vec::new();
    if u.hidden {
        marks.push(HIDDEN);
    }
    if u.hired_turn == Some(st.turn()) {
        marks.push(NEW);
    }
    if u.moved {
        marks.push(MOVED);
    }
    let mut stats = Vec::new();
    if let Some(mv) = u.mv {
        stats.push(Stat {
            name: "mv",
            value: mv as i32,
        });
    }
    Piece {
        name: format!(
            "{} ({}, {})",
            u.id,
            u.kind.map_or("unit", |k| k.as_str()),
            super::state::at(u.at)
        ),
        badge: "",
        badge_meaning: "",
        stats,
        damage: u.damage as i32,
        carries: u
            .items
            .iter()
            .map(|i| match &i.snatched_from {
                Some(f) => format!("{} (snatched from {f})", i.card),
                None => i.card.clone(),
            })
            .collect(),
        abilities: u
            .class
            .iter()
            .chain(u.traits.iter().flatten())
            .chain(u.abilities.iter().flatten())
            .cloned()
            .collect(),
        marks,
    }
}

fn card_piece(name: String) -> Piece {
    Piece {
        name,
        badge: "",
        badge_meaning: "",
        stats: Vec::new(),
        damage: 0,
        carries: Vec::new(),
        abilities: Vec::new(),
        marks: Vec::new(),
    }
}

fn places(pieces: Vec<Piece>) -> Vec<Place> {
    pieces
        .into_iter()
        .enumerate()
        .map(|(i, p)| Place {
            n: i + 1,
            piece: Some(p),
        })
        .collect()
}

/// Each player's units, side zone and hand, as rows.
pub fn board(st: &State) -> Board {
    let mut rows = Vec::new();
    for pl in &st.position.players {
        let units: Vec<Piece> = st
            .position
            .units
            .iter()
            .filter(|u| u.owner == pl.name)
            .map(|u| unit_piece(st, u))
            .collect();
        rows.push(Row {
            owner: pl.name.clone(),
            label: format!(
                "{} · {} gold{}",
                pl.name,
                pl.gold,
                if pl.name == st.position.active {
                    " · to play"
                } else {
                    ""
                }
            ),
            places: places(units),
        });
        rows.push(Row {
            owner: pl.name.clone(),
            label: format!("{} · off to the side", pl.name),
            places: places(
                pl.side
                    .iter()
                    .map(|s| card_piece(format!("{} (placed turn {})", s.card, s.placed)))
                    .collect(),
            ),
        });
        rows.push(Row {
            owner: pl.name.clone(),
            label: format!("{} · hand", pl.name),
            places: places(pl.hand.iter().cloned().map(card_piece).collect()),
        });
    }
    let over = st.stopped || st.next >= st.position.actions.len();
    Board {
        rows,
        ended: over.then(|| Ended {
            game_over: false,
            why: format!(
                "{} action(s) accepted, {} rejected{}",
                st.accepted,
                st.rejected,
                if st.stopped {
                    "; stopped at the first rejection"
                } else {
                    ""
                }
            ),
        }),
        readings_in_play: None,
    }
}

fn kind(t: Terrain) -> &'static str {
    match t {
        Terrain::Grassland | Terrain::Other => "grassland",
        Terrain::Water => "water",
        Terrain::Forest => "forest",
        Terrain::Spawner => "spawner",
        Terrain::Teleporter => "teleporter",
        Terrain::Gold => "gold",
        Terrain::ManaPool => "mana-pool",
    }
}

fn meaning(t: Terrain) -> &'static str {
    match t {
        Terrain::Grassland => "no modifiers (5.10.1)",
        Terrain::Other => "read as Grassland (house rule K5)",
        Terrain::Water => "stops movement; flying, leaping, undead immune (5.10.2)",
        Terrain::Forest => "stops movement and attack, blocks line of sight (5.10.3)",
        Terrain::Spawner => "units start here (5.10.4)",
        Terrain::Teleporter => "1 MV to enter; travel to another (5.10.5)",
        Terrain::Gold => "a unit ending its move gains a gold (5.10.6)",
        Terrain::ManaPool => "one ability without SE (5.10.7)",
    }
}

/// The battlefield as a grid.
pub fn grid(st: &State) -> Option<Grid> {
    let rejected: Vec<[u32; 2]> = st
        .last_rejected
        .as_ref()
        .map(|(_, cells)| cells.clone())
        .unwrap_or_default();
    let mut legend: Vec<(String, String)> = Vec::new();
    let mut cells = Vec::new();
    for (r, row) in st.position.board.rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let at = [r as u32 + 1, c as u32 + 1];
            let t = Terrain::of(&cell.terrain);
            let k = kind(t).to_string();
            if !legend.iter().any(|(n, _)| n == &cell.terrain) {
                legend.push((cell.terrain.clone(), meaning(t).to_string()));
            }
            let mut features = Vec::new();
            if cell.wall {
                features.push("wall");
            }
            if cell.web {
                features.push("web");
            }
            cells.push(GridCell {
                row: r + 1,
                col: c + 1,
                label: cell.terrain.clone(),
                kind: k,
                owner: cell.owner.clone().unwrap_or_default(),
                features,
                piece: st.unit_at(at).map(|u| GridPiece {
                    name: u.id.clone(),
                    owner: u.owner.clone(),
                    carries: u.items.iter().map(|i| i.card.clone()).collect(),
                }),
                rejected: rejected.contains(&at),
            });
        }
    }
    let path = st.last_path.clone();
    let path_rejected = st.last_rejected.is_some();
    Some(Grid {
        rows: st.rows(),
        cols: st.cols(),
        cells,
        path: path
            .iter()
            .map(|c| (c[0] as usize, c[1] as usize))
            .collect(),
        path_rejected,
        rejected: st.last_note.clone(),
        legend,
    })
}
