//! Battle-line's builder form (issue #14: a game supplies its builder form through the
//! core): the layout ([`form`]), a position written as the form's fields
//! ([`from_position`]), a submission read back ([`to_position`], every problem at once,
//! each at its field in words) and a resolver's error put at its field ([`locate`]).
//!
//! Field names: `seed`, `turns`, `turn` (the starting turn), `choices` (fixed chance
//! outcomes, `chance:slot, …`), `decisions` (pinned decisions, `decision:option, …`),
//! `interp_<key>`; per player `p<P>_name`, `p<P>_life`; per slot
//! `p<P>_s<N>_{card,name,attack,life,abilities,traits,damage,artifacts,status,warlord}`
//! (lists comma-separated, `status` repeated); per play `a<I>_{player,play,slot,turn}`.
//! A field that does not parse is reported by its label, not silently dropped.
//!
//! Decisions: the form shows 7 slots a player and 4 plays (the position's caps are
//! larger; a position beyond them keeps a note and opens as JSON); a warlord is a
//! three-way select, not a tick box (an unticked box could not say "not a warlord" to a
//! catalogue warlord). Depends only on the core and this game.

use super::interpret::Interpretations;
use super::position::Position;
use super::position::{
    caps, ActionSpec, ArtifactSpec, ChoiceSpec, CreatureSpec, DecisionPin, PlayerSpec,
};
use super::state::Status;
use crate::rules::form::{
    self, list, number, Choice, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
    Section, Source, Width,
};

/// Slots per player on the form (the position cap is larger: paste JSON for more).
pub const FORM_SLOTS: usize = 7;
/// Rows of cards to be played on the form.
pub const FORM_PLAYS: usize = 4;

type Fields = FormFields;

/// How the form names player `p` (0 or 1): the name typed in, else `Player 1`.
pub fn player_label(f: &Fields, p: usize) -> String {
    match f.get(&format!("p{p}_name")) {
        "" => format!("Player {}", p + 1),
        name => name.to_string(),
    }
}

/// The form's rows of plays that hold a card, in order: the position's `actions[i]` is
/// row `play_rows(f)[i]`.
fn play_rows(f: &Fields) -> Vec<usize> {
    (1..=FORM_PLAYS)
        .filter(|i| !f.get(&format!("a{i}_play")).is_empty())
        .collect()
}

/// The error `e` of the position built from `f`, at the field it came from and in the
/// form's words (`Alice, slot 2: …` for `players[0].line[1].abilities[0]: …`).
pub fn locate(f: &Fields, e: &crate::rules::position::PositionError) -> FieldError {
    let path = e.path.as_str();
    let message = &e.message;
    let split = form::split_path;
    let (head, index, rest) = split(path);
    match (head, index) {
        ("players", Some(p @ 0..=1)) => {
            let who = player_label(f, p);
            let (part, slot, field) = split(rest);
            match (part, slot) {
                ("line", Some(i)) if i < FORM_SLOTS => {
                    let n = i + 1;
                    let (field, _, _) = split(field);
                    let key = |x: &str| format!("p{p}_s{n}_{x}");
                    let name = match field {
                        "" | "card" if !f.get(&key("card")).is_empty() => key("card"),
                        "" | "card" => key("name"),
                        other if SLOT_FIELDS.contains(&other) => key(other),
                        _ => key("card"),
                    };
                    FieldError::at(name, format!("{who}, slot {n}: {message}"))
                }
                ("name", None) => {
                    FieldError::at(format!("p{p}_name"), format!("{who}'s name: {message}"))
                }
                ("life", None) => {
                    FieldError::at(format!("p{p}_life"), format!("{who}'s life: {message}"))
                }
                _ => FieldError::general(format!("{who}: {message}")),
            }
        }
        ("actions", Some(i)) => match play_rows(f).get(i) {
            Some(row) => {
                let (field, _, _) = split(rest);
                let field = if PLAY_FIELDS.contains(&field) {
                    field
                } else {
                    "play"
                };
                FieldError::at(format!("a{row}_{field}"), format!("Play {row}: {message}"))
            }
            None => FieldError::general(format!("{path}: {message}")),
        },
        ("seed", None) => FieldError::at("seed", format!("Seed: {message}")),
        ("turns", None) => FieldError::at("turns", format!("Turns: {message}")),
        ("turn", None) => FieldError::at("turn", format!("Starting turn: {message}")),
        ("choices", _) => FieldError::at("choices", format!("Fixed chance outcomes: {message}")),
        ("decisions", _) => FieldError::at("decisions", format!("Pinned decisions: {message}")),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{path}: {message}")),
    }
}

/// The `choices` field: fixed chance outcomes as `chance:slot` pairs, comma-separated
/// (`1:3, 2:1`: chance step 1 picks slot 3, chance step 2 picks slot 1).
fn choices(text: &str, errors: &mut Vec<FieldError>) -> Vec<ChoiceSpec> {
    let mut out = Vec::new();
    for (i, item) in list(text).into_iter().enumerate() {
        let parsed = item
            .split_once(':')
            .and_then(|(c, s)| Some((c.trim().parse().ok()?, s.trim().parse().ok()?)));
        match parsed {
            Some((chance, slot)) => out.push(ChoiceSpec { chance, slot }),
            None => errors.push(FieldError::at(
                "choices",
                format!(
                    "Fixed chance outcomes, item {}: {item:?} is not chance:slot (for example 1:3)",
                    i + 1
                ),
            )),
        }
    }
    out
}

/// The `decisions` field: pinned player decisions as `decision:option` pairs,
/// comma-separated (`1:2`: decision 1 takes its second option).
fn decisions(text: &str, errors: &mut Vec<FieldError>) -> Vec<DecisionPin> {
    let mut out = Vec::new();
    for (i, item) in list(text).into_iter().enumerate() {
        let parsed = item
            .split_once(':')
            .and_then(|(d, o)| Some((d.trim().parse().ok()?, o.trim().parse().ok()?)));
        match parsed {
            Some((decision, option)) => out.push(DecisionPin { decision, option }),
            None => errors.push(FieldError::at(
                "decisions",
                format!(
                    "Pinned decisions, item {}: {item:?} is not decision:option (for example 1:2)",
                    i + 1
                ),
            )),
        }
    }
    out
}

/// A slot's warlord select: empty keeps a catalogue card's own (a hypothetical is not
/// one), `yes` or `no` overrides it. Three values, not a checkbox: an unticked box could
/// not say "not a warlord" to a catalogue warlord. (`on` is a ticked box from a page
/// served before the select.)
fn warlord(f: &Fields, name: &str, label: &str, errors: &mut Vec<FieldError>) -> Option<bool> {
    let v = f.get(name);
    match v.to_ascii_lowercase().as_str() {
        "" => None,
        "yes" | "on" => Some(true),
        "no" => Some(false),
        _ => {
            errors.push(FieldError::at(
                name,
                format!("{label}: {v:?} is not yes, no or empty"),
            ));
            None
        }
    }
}

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str =
    "seed, turns, turn, choices, decisions, json, interp_<key> (one per \
interpretation), p<P>_name and p<P>_life (P is 0 for player 1, 1 for player 2), \
p<P>_s<N>_{card,name,attack,life,abilities,traits,damage,artifacts,status,warlord} \
(N is 1 to 7) and a<I>_{player,play,slot,turn} (I is 1 to 4)";

/// Slot fields, after `p<P>_s<N>_`.
const SLOT_FIELDS: &[&str] = &[
    "card",
    "name",
    "attack",
    "life",
    "abilities",
    "traits",
    "damage",
    "artifacts",
    "status",
    "warlord",
];

/// Play fields, after `a<I>_`.
const PLAY_FIELDS: &[&str] = &["player", "play", "slot", "turn"];

/// The position the form describes, or the problems with its fields.
pub fn to_position(f: &Fields) -> Result<Position, Vec<FieldError>> {
    let (position, errors) = partial(f);
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

/// The position the form describes as far as its fields read (a field that does not read
/// is left at its default), and the problems with its fields.
pub fn partial(f: &Fields) -> (Position, Vec<FieldError>) {
    let mut errors = Vec::new();
    let mut players: [PlayerSpec; 2] = Default::default();
    for (p, player) in players.iter_mut().enumerate() {
        let who = player_label(f, p);
        player.name = f.get(&format!("p{p}_name")).to_string();
        player.life = number(
            f,
            &format!("p{p}_life"),
            &format!("{who}'s life"),
            &mut errors,
        )
        .unwrap_or(20);
        for n in 1..=FORM_SLOTS {
            let key = |field: &str| format!("p{p}_s{n}_{field}");
            let label = |field: &str| format!("{who}, slot {n}, {field}");
            let card = f.get(&key("card"));
            let name = f.get(&key("name"));
            if card.is_empty() && name.is_empty() {
                player.line.push(None);
                continue;
            }
            let abilities = f.get(&key("abilities"));
            let traits = f.get(&key("traits"));
            let c = CreatureSpec {
                card: (!card.is_empty()).then(|| card.to_string()),
                name: (card.is_empty() && !name.is_empty()).then(|| name.to_string()),
                attack: number(f, &key("attack"), &label("attack"), &mut errors),
                life: number(f, &key("life"), &label("life"), &mut errors),
                abilities: (!abilities.is_empty()).then(|| list(abilities)),
                traits: (!traits.is_empty()).then(|| list(traits)),
                damage: number(f, &key("damage"), &label("damage"), &mut errors).unwrap_or(0),
                artifacts: list(f.get(&key("artifacts")))
                    .into_iter()
                    .map(ArtifactSpec::Card)
                    .collect(),
                status: f
                    .all(&key("status"))
                    .iter()
                    .filter(|s| !s.is_empty())
                    .cloned()
                    .collect(),
                warlord: warlord(f, &key("warlord"), &label("warlord"), &mut errors),
            };
            player.line.push(Some(c));
        }
        while matches!(player.line.last(), Some(None)) {
            player.line.pop();
        }
    }
    let mut actions = Vec::new();
    for i in play_rows(f) {
        let play = f.get(&format!("a{i}_play"));
        let label = format!("Play {i}");
        // The form counts players 1 and 2; the position counts them 0 and 1.
        let player = match number::<usize>(
            f,
            &format!("a{i}_player"),
            &format!("{label} player"),
            &mut errors,
        ) {
            None => 0,
            Some(p @ 1..=2) => p - 1,
            Some(p) => {
                errors.push(FieldError::at(
                    format!("a{i}_player"),
                    format!("{label} player: {p} is not a player; the players are 1 and 2"),
                ));
                0
            }
        };
        actions.push(ActionSpec {
            player,
            play: Some(play.to_string()),
            creature: None,
            slot: number(
                f,
                &format!("a{i}_slot"),
                &format!("{label} slot"),
                &mut errors,
            ),
            turn: number(
                f,
                &format!("a{i}_turn"),
                &format!("{label} turn"),
                &mut errors,
            ),
        });
    }
    // Each reading is switched by key, and an unknown value is reported for its field.
    let interpretations = form::readings_from::<Interpretations>(f, &mut errors);
    let position = Position {
        game: "battleline".into(),
        seed: number(f, "seed", "Seed", &mut errors).unwrap_or(0),
        turns: number(f, "turns", "Turns", &mut errors).unwrap_or(1),
        turn: number(f, "turn", "Starting turn", &mut errors).unwrap_or(1),
        players,
        actions,
        choices: choices(f.get("choices"), &mut errors),
        decisions: decisions(f.get("decisions"), &mut errors),
        interpretations,
    };
    (position, errors)
}

/// The form's fields for `position`, to edit it (slots past the form's rows are dropped
/// with a note; paste the JSON to keep them).
pub fn from_position(pos: &Position) -> (Fields, Vec<String>) {
    let mut f = Fields::default();
    let mut notes = Vec::new();
    f.set("seed", pos.seed.to_string());
    f.set("turns", pos.turns.to_string());
    f.set("turn", pos.turn.to_string());
    let fixed: Vec<String> = pos
        .choices
        .iter()
        .map(|c| format!("{}:{}", c.chance, c.slot))
        .collect();
    f.set("choices", fixed.join(", "));
    let pinned: Vec<String> = pos
        .decisions
        .iter()
        .map(|d| format!("{}:{}", d.decision, d.option))
        .collect();
    f.set("decisions", pinned.join(", "));
    form::readings_values(&pos.interpretations, &mut f);
    for (p, player) in pos.players.iter().enumerate() {
        f.set(format!("p{p}_name"), player.name.clone());
        f.set(format!("p{p}_life"), player.life.to_string());
        if player.line.len() > FORM_SLOTS {
            notes.push(format!(
                "Player {}'s line has {} slots; the form shows {FORM_SLOTS}. Paste the JSON to keep the rest.",
                p + 1,
                player.line.len()
            ));
        }
        for (i, c) in player.line.iter().enumerate().take(FORM_SLOTS) {
            let Some(c) = c else { continue };
            let key = |field: &str| format!("p{p}_s{}_{field}", i + 1);
            if let Some(card) = &c.card {
                f.set(key("card"), card.clone());
            }
            if let Some(name) = &c.name {
                f.set(key("name"), name.clone());
            }
            if let Some(a) = c.attack {
                f.set(key("attack"), a.to_string());
            }
            if let Some(l) = c.life {
                f.set(key("life"), l.to_string());
            }
            if let Some(a) = &c.abilities {
                f.set(key("abilities"), a.join(", "));
            }
            if let Some(t) = &c.traits {
                f.set(key("traits"), t.join(", "));
            }
            if c.damage != 0 {
                f.set(key("damage"), c.damage.to_string());
            }
            let arts: Vec<String> = c
                .artifacts
                .iter()
                .map(|a| match a {
                    ArtifactSpec::Card(n) => n.clone(),
                    ArtifactSpec::Inline { name, .. } => name.clone(),
                })
                .collect();
            if c.artifacts
                .iter()
                .any(|a| matches!(a, ArtifactSpec::Inline { .. }))
            {
                notes.push(format!(
                    "Player {}, slot {}: a hypothetical artifact keeps only its name on the form, not its stats; paste the JSON to keep them.",
                    p + 1,
                    i + 1
                ));
            }
            if !arts.is_empty() {
                f.set(key("artifacts"), arts.join(", "));
            }
            f.set_all(key("status"), c.status.clone());
            match c.warlord {
                Some(true) => f.set(key("warlord"), "yes"),
                Some(false) => f.set(key("warlord"), "no"),
                None => {}
            }
        }
    }
    for (i, a) in pos.actions.iter().enumerate().take(FORM_PLAYS) {
        let n = i + 1;
        f.set(format!("a{n}_player"), (a.player + 1).to_string());
        f.set(format!("a{n}_play"), a.play.clone().unwrap_or_default());
        if let Some(s) = a.slot {
            f.set(format!("a{n}_slot"), s.to_string());
        }
        if let Some(t) = a.turn {
            f.set(format!("a{n}_turn"), t.to_string());
        }
    }
    if pos.actions.len() > FORM_PLAYS || pos.actions.iter().any(|a| a.creature.is_some()) {
        notes.push("Some plays cannot be shown on the form; paste the JSON to keep them.".into());
    }
    (f, notes)
}

/// The values of a new position's form: one turn, seed 1, both players at 20 life.
pub fn defaults() -> Fields {
    let mut f = Fields::default();
    for (k, v) in [
        ("turns", "1"),
        ("seed", "1"),
        ("p0_life", "20"),
        ("p1_life", "20"),
        ("p0_name", "Player 1"),
        ("p1_name", "Player 2"),
    ] {
        f.set(k, v);
    }
    f
}

/// A status's name for people and what it does (`Soothsaid`, `loses its next attack`):
/// its meaning split at the colon.
fn status_choice(s: Status) -> Choice {
    let (label, hint) = match s.meaning().split_once(':') {
        Some((label, hint)) => (label.trim(), hint.trim()),
        None => (s.meaning(), ""),
    };
    Choice {
        value: s.name().to_string(),
        label: label.to_string(),
        hint: hint.to_string(),
    }
}

/// One slot's card on the form.
fn slot(f: &Fields, p: usize, n: usize) -> Group {
    let key = |x: &str| format!("p{p}_s{n}_{x}");
    let small = |x: &str, label: &str, placeholder: &str| {
        Field::number(key(x), label, 0, i64::from(caps::STAT))
            .placeholder(placeholder)
            .width(Width::Small)
            .from(f)
    };
    let fields = vec![
        Field::listed(key("card"), "Catalogue card", "cards")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("name"), "or a hypothetical creature's name")
            .width(Width::Wide)
            .summary(" (hypothetical)")
            .from(f),
        small("attack", "Attack", "card's"),
        small("life", "Life", "card's"),
        Field::number(key("damage"), "Damage on it", 0, i64::from(caps::LIFE))
            .placeholder("0")
            .width(Width::Small)
            .more()
            .from(f),
        Field::new(
            key("warlord"),
            "Warlord",
            Kind::Select {
                options: vec![
                    Choice::new("", "as the card"),
                    Choice::new("yes", "yes"),
                    Choice::new("no", "no"),
                ],
            },
        )
        .width(Width::Small)
        .more()
        .from(f),
        Field::text(key("abilities"), "Abilities")
            .placeholder("Armor 2, Fury")
            .hint("comma-separated; empty keeps the card's")
            .width(Width::Wide)
            .from(f),
        Field::text(key("traits"), "Traits")
            .placeholder("Beast, Rider")
            .more()
            .from(f),
        Field::listed(key("artifacts"), "Artifacts it carries", "artifacts")
            .more()
            .from(f),
        Field::new(
            key("status"),
            "Statuses",
            Kind::Multi {
                options: Status::ALL.into_iter().map(status_choice).collect(),
            },
        )
        .context(format!("{}'s slot {n}: ", player_label(f, p)))
        .width(Width::Full)
        .more()
        .from(f),
    ];
    // Each label says its slot to a screen reader, which does not see the card around it.
    let who = player_label(f, p);
    let fields = fields
        .into_iter()
        .map(|field| match field.context.is_empty() {
            true => field.context(format!("{who}, slot {n}: ")),
            false => field,
        })
        .collect();
    Group {
        id: format!("p{p}-s{n}"),
        title: format!("Slot {n}"),
        empty: "add a creature".into(),
        open: n == 1,
        fields,
    }
}

/// One row of "Cards played".
fn play(f: &Fields, i: usize) -> Group {
    let key = |x: &str| format!("a{i}_{x}");
    let names = [0, 1].map(|p| player_label(f, p));
    let fields = vec![
        Field::new(
            key("player"),
            format!("Play {i}: player"),
            Kind::Select {
                options: vec![
                    Choice::new("1", format!("1 ({})", names[0])),
                    Choice::new("2", format!("2 ({})", names[1])),
                ],
            },
        )
        .width(Width::Small)
        .from(f),
        Field::listed(key("play"), "card", "playable")
            .context(format!("Play {i}: "))
            .width(Width::Wide)
            .from(f),
        Field::number(key("slot"), "slot", 1, caps::SLOTS as i64)
            .context(format!("Play {i}: "))
            .placeholder("end")
            .width(Width::Small)
            .from(f),
        Field::number(key("turn"), "turn", 1, i64::from(caps::TURNS))
            .context(format!("Play {i}: "))
            .placeholder("1")
            .width(Width::Small)
            .from(f),
    ];
    Group {
        id: format!("play-{i}"),
        title: format!("Play {i}"),
        empty: String::new(),
        open: true,
        fields,
    }
}

/// The builder's form showing `f`.
pub fn layout(f: &Fields) -> Form {
    let setup = Section::new(
        "setup",
        "The game",
        vec![
            Field::number("seed", "Seed", 0, i64::MAX)
                .hint("picks every random outcome")
                .from(f),
            Field::number("turns", "Turns to play", 1, i64::from(caps::TURNS)).from(f),
            Field::number("turn", "Starting turn", 1, i64::from(caps::MAX_FIRST_TURN))
                .placeholder("1")
                .more()
                .from(f),
            Field::text("choices", "Fixed chance outcomes")
                .placeholder("1:3, 2:1")
                .hint("chance:slot pairs; 1:3 makes chance 1 pick slot 3")
                .width(Width::Wide)
                .more()
                .from(f),
            Field::text("decisions", "Pinned decisions")
                .placeholder("1:2")
                .hint("decision:option pairs; 1:2 makes decision 1 take option 2")
                .width(Width::Wide)
                .more()
                .from(f),
        ],
    );
    let mut sections = vec![setup];
    for p in 0..2 {
        sections.push(
            Section::new(
                format!("player-{}", p + 1),
                format!("Player {}", p + 1),
                vec![
                    Field::text(format!("p{p}_name"), "Name").from(f),
                    Field::number(format!("p{p}_life"), "Life", 0, i64::from(caps::LIFE)).from(f),
                ],
            )
            .groups(
                GroupStyle::Cards,
                (1..=FORM_SLOTS).map(|n| slot(f, p, n)).collect(),
            ),
        );
    }
    sections.push(
        Section::new("plays", "Cards played", Vec::new())
            .note("creatures and artifacts played during the turns")
            .folded()
            .groups(
                GroupStyle::Rows,
                (1..=FORM_PLAYS).map(|i| play(f, i)).collect(),
            ),
    );
    sections.push(form::readings_section::<Interpretations>(f));
    Form {
        game: super::cite::GAME,
        title: "Adjudicate a battle-line position".into(),
        lede: "Rebuild the disputed board, then step through what the rules engine does; \
               every step cites the rule that caused it."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        sections,
        lists: vec![
            List {
                id: "cards",
                source: Source::Cards { kind: "creature" },
            },
            List {
                id: "artifacts",
                source: Source::Cards { kind: "artifact" },
            },
            List {
                id: "playable",
                source: Source::Cards { kind: "playable" },
            },
            List {
                id: "statuses",
                source: Source::Values {
                    values: Status::ALL.iter().map(|s| s.name().to_string()).collect(),
                },
            },
        ],
        caps: vec![
            ("json_bytes", caps::JSON_BYTES as u64),
            ("slots", caps::SLOTS as u64),
            ("abilities", caps::ABILITIES as u64),
            ("turns", u64::from(caps::TURNS)),
            ("first_turn", u64::from(caps::MAX_FIRST_TURN)),
            ("actions", caps::ACTIONS as u64),
            ("choices", caps::CHOICES as u64),
        ],
        notes: Vec::new(),
    }
}
