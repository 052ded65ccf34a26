//! The position builder's form: flat `name=value` pairs to a [`Position`] and back.
//!
//! Field names: `seed`, `turns`, `turn` (the starting turn), `choices` (fixed chance
//! outcomes, `chance:slot, …`), `decisions` (pinned decisions, `decision:option, …`), `json` (pasted position JSON, which wins when present),
//! `interp_<key>`; per player `p<P>_name`, `p<P>_life`; per slot
//! `p<P>_s<N>_{card,name,attack,life,abilities,traits,damage,artifacts,status,warlord}`
//! (lists comma-separated, `status` repeated); per play `a<I>_{player,play,slot,turn}`.
//! A field that does not parse is reported by its label, not silently dropped.

use std::collections::HashMap;

use crate::games::battleline::position::{
    ActionSpec, ArtifactSpec, ChoiceSpec, CreatureSpec, DecisionPin, PlayerSpec,
};
use crate::games::battleline::{Interpretations, Position, INTERPRETATIONS};
use crate::rules::Readings;

/// Slots per player on the form (the position cap is larger: paste JSON for more).
pub const FORM_SLOTS: usize = 7;
/// Rows of cards to be played on the form.
pub const FORM_PLAYS: usize = 4;
/// Pairs accepted from one form post.
pub const MAX_FIELDS: usize = 600;

/// The form's values, by field name; `status` may repeat.
#[derive(Debug, Default, Clone)]
pub struct Fields(pub HashMap<String, Vec<String>>);

impl Fields {
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Fields {
        let mut map: HashMap<String, Vec<String>> = HashMap::new();
        for (k, v) in pairs {
            map.entry(k).or_default().push(v);
        }
        Fields(map)
    }

    /// The first value of `name`, trimmed ("" when absent).
    pub fn get(&self, name: &str) -> &str {
        self.0
            .get(name)
            .and_then(|v| v.first())
            .map(|s| s.trim())
            .unwrap_or("")
    }

    pub fn all(&self, name: &str) -> &[String] {
        self.0.get(name).map(|v| v.as_slice()).unwrap_or(&[])
    }

    fn set(&mut self, name: String, value: String) {
        self.0.insert(name, vec![value]);
    }
}

fn list(s: &str) -> Vec<String> {
    s.split([',', ';'])
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}

/// A problem with the builder's form, at the field it concerns when there is one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FieldError {
    /// The form field at fault (`p0_s2_abilities`), or `None` for the whole form.
    pub field: Option<String>,
    /// The problem in words, saying where: `Alice, slot 2: unknown battle-line ability …`.
    pub message: String,
}

impl FieldError {
    fn at(field: impl Into<String>, message: String) -> FieldError {
        FieldError {
            field: Some(field.into()),
            message,
        }
    }

    /// A problem with no field of its own (the pasted JSON's, an upload's).
    pub fn general(message: String) -> FieldError {
        FieldError {
            field: None,
            message,
        }
    }
}

fn number<T: std::str::FromStr>(
    f: &Fields,
    name: &str,
    label: &str,
    errors: &mut Vec<FieldError>,
) -> Option<T> {
    let v = f.get(name);
    if v.is_empty() {
        return None;
    }
    match v.parse() {
        Ok(n) => Some(n),
        Err(_) => {
            errors.push(FieldError::at(
                name,
                format!("{label}: {v:?} is not a whole number"),
            ));
            None
        }
    }
}

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
    // `head[3].rest` as `("head", Some(3), "rest")`.
    fn split(path: &str) -> (&str, Option<usize>, &str) {
        let (first, rest) = match path.find('.') {
            Some(i) => (&path[..i], &path[i + 1..]),
            None => (path, ""),
        };
        match first.split_once('[') {
            Some((name, index)) => (name, index.trim_end_matches(']').parse().ok(), rest),
            None => (first, None, rest),
        }
    }
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
        ("interpretations", None) => {
            let key = rest.split('.').next().unwrap_or_default();
            if INTERPRETATIONS.iter().any(|i| i.key == key) {
                FieldError::at(
                    format!("interp_{key}"),
                    format!("Interpretation {key}: {message}"),
                )
            } else {
                FieldError::general(format!("Interpretations: {message}"))
            }
        }
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

/// Whether the builder reads a field of this name (see [`ACCEPTED_FIELDS`]).
pub fn is_known_field(name: &str) -> bool {
    let numbered = |s: &str, max: usize| s.parse::<usize>().is_ok_and(|n| (1..=max).contains(&n));
    if matches!(
        name,
        "seed" | "turns" | "turn" | "choices" | "decisions" | "json"
    ) {
        return true;
    }
    if let Some(key) = name.strip_prefix("interp_") {
        return INTERPRETATIONS.iter().any(|i| i.key == key);
    }
    if let Some(rest) = name.strip_prefix('a') {
        return rest
            .split_once('_')
            .is_some_and(|(i, field)| numbered(i, FORM_PLAYS) && PLAY_FIELDS.contains(&field));
    }
    let Some(rest) = name
        .strip_prefix("p0_")
        .or_else(|| name.strip_prefix("p1_"))
    else {
        return false;
    };
    if matches!(rest, "name" | "life") {
        return true;
    }
    rest.strip_prefix('s')
        .and_then(|r| r.split_once('_'))
        .is_some_and(|(n, field)| numbered(n, FORM_SLOTS) && SLOT_FIELDS.contains(&field))
}

/// The position the form describes, or the problems with its fields.
pub fn to_position(f: &Fields) -> Result<Position, Vec<FieldError>> {
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
    let mut interpretations = Interpretations::default();
    for info in INTERPRETATIONS {
        let v = f.get(&format!("interp_{}", info.key));
        if !v.is_empty() {
            if let Err(e) = interpretations.set(info.key, v) {
                errors.push(FieldError::at(
                    format!("interp_{}", info.key),
                    format!("Interpretation {}: {e}", info.key),
                ));
            }
        }
    }
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
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

/// The form's fields for `position`, to edit it (slots past the form's rows are dropped
/// with a note; paste the JSON to keep them).
pub fn from_position(pos: &Position) -> (Fields, Vec<String>) {
    let mut f = Fields::default();
    let mut notes = Vec::new();
    f.set("seed".into(), pos.seed.to_string());
    f.set("turns".into(), pos.turns.to_string());
    f.set("turn".into(), pos.turn.to_string());
    let fixed: Vec<String> = pos
        .choices
        .iter()
        .map(|c| format!("{}:{}", c.chance, c.slot))
        .collect();
    f.set("choices".into(), fixed.join(", "));
    let pinned: Vec<String> = pos
        .decisions
        .iter()
        .map(|d| format!("{}:{}", d.decision, d.option))
        .collect();
    f.set("decisions".into(), pinned.join(", "));
    let chosen = pos.interpretations.chosen();
    for (key, value) in chosen {
        f.set(format!("interp_{key}"), value.into());
    }
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
            f.0.insert(key("status"), c.status.clone());
            match c.warlord {
                Some(true) => f.set(key("warlord"), "yes".into()),
                Some(false) => f.set(key("warlord"), "no".into()),
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
