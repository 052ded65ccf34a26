//! Resolving a [`Position`] into the engine's [`State`]: every name checked against the
//! [`CardSource`], every cap enforced, every problem collected with its JSON path. It
//! writes nothing back; that is `write.rs`.

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg32;

use super::{
    caps, ActionSpec, ArtifactSpec, CardDef, CardSource, CreatureSpec, PlayerSpec, Position,
    PositionError,
};
use crate::games::battleline::ability::{self, Ability, AbilityKind};
use crate::games::battleline::state::{
    trait_mask, Artifact, Choice, Creature, Phase, Play, PlayCard, Player, State, Status, Statuses,
    Summons,
};

struct Resolver<'a> {
    cards: &'a dyn CardSource,
    errors: Vec<PositionError>,
    next_id: u32,
}

impl Resolver<'_> {
    fn err(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.errors.push(PositionError::at(path, message));
    }

    fn unknown_card(&mut self, path: &str, name: &str) {
        let hint = self
            .cards
            .suggest(name)
            .map(|s| format!(" (did you mean {s:?}?)"))
            .unwrap_or_default();
        self.err(path, format!("unknown battle-line card {name:?}{hint}"));
    }

    fn stat(&mut self, path: String, v: i32, max: i32) -> i32 {
        if !(0..=max).contains(&v) {
            self.err(path, format!("{v} is out of range; expected 0 to {max}"));
            return v.clamp(0, max);
        }
        v
    }

    fn name(&mut self, path: String, name: &str) -> Arc<str> {
        let trimmed = name.trim();
        if trimmed.is_empty() || trimmed.chars().count() > caps::NAME {
            self.err(
                path,
                format!("a name must be 1 to {} characters", caps::NAME),
            );
        }
        Arc::from(trimmed)
    }

    fn abilities(&mut self, path: &str, labels: &[String]) -> Vec<Ability> {
        if labels.len() > caps::ABILITIES {
            self.err(
                path,
                format!(
                    "{} abilities; at most {} are allowed",
                    labels.len(),
                    caps::ABILITIES
                ),
            );
        }
        let mut out = Vec::new();
        for (i, label) in labels.iter().enumerate().take(caps::ABILITIES) {
            match ability::parse(label) {
                Ok(a) => out.push(a),
                Err(e) => self.err(format!("{path}[{i}]"), e.to_string()),
            }
        }
        out
    }

    fn artifact(&mut self, path: &str, spec: &ArtifactSpec) -> Option<Artifact> {
        match spec {
            ArtifactSpec::Card(name) => match self.cards.card(name) {
                Some(card) if card.card_type == "artifact" => Some(Artifact {
                    name: Arc::from(card.name.as_str()),
                    from_catalogue: true,
                    attack: card.attack,
                    life: card.life,
                }),
                Some(card) => {
                    self.err(
                        path,
                        format!("{:?} is a {}, not an artifact", card.name, card.card_type),
                    );
                    None
                }
                None => {
                    self.unknown_card(path, name);
                    None
                }
            },
            ArtifactSpec::Inline { name, attack, life } => Some(Artifact {
                name: self.name(format!("{path}.name"), name),
                from_catalogue: false,
                attack: self.stat(format!("{path}.attack"), *attack, caps::STAT),
                life: self.stat(format!("{path}.life"), *life, caps::STAT),
            }),
        }
    }

    /// A creature on a line or played: a catalogue card, with the position's overrides,
    /// or a hypothetical creature given in full. Takes the next creature id.
    fn creature(&mut self, path: &str, spec: &CreatureSpec) -> Option<Creature> {
        let base = self.creature_card(path, spec)?;
        let name = match (&base, &spec.name) {
            (Some(def), _) => Arc::from(def.name.as_str()),
            (None, Some(n)) => self.name(format!("{path}.name"), n),
            (None, None) => return None,
        };
        let attack =
            self.given_or_card(path, "attack", spec.attack, base.as_ref().map(|d| d.attack));
        let life = self.given_or_card(path, "life", spec.life, base.as_ref().map(|d| d.life));
        let abilities = match (&spec.abilities, &base) {
            (Some(labels), _) => self.abilities(&format!("{path}.abilities"), labels),
            (None, Some(def)) => self.abilities(&format!("{path}.card"), &def.abilities),
            (None, None) => Vec::new(),
        };
        let traits = self.traits(path, spec, base.as_ref());
        let damage = self.stat(format!("{path}.damage"), spec.damage, caps::LIFE);
        let artifacts = self.equipment(path, spec, &abilities);
        let status = self.statuses(path, &spec.status);
        let warlord = spec
            .warlord
            .unwrap_or_else(|| base.as_ref().is_some_and(|d| d.card_type == "warlord"));
        self.next_id += 1;
        Some(Creature {
            id: self.next_id,
            name,
            from_catalogue: base.is_some(),
            attack,
            life,
            trait_mask: trait_mask(&traits),
            abilities: Arc::from(abilities),
            traits: Arc::from(traits),
            damage,
            taken: damage,
            artifacts: Arc::from(artifacts),
            status,
            warlord,
        })
    }

    /// The catalogue card a creature is (`Some(None)` for a hypothetical creature), or
    /// `None` when the spec cannot make a creature at all.
    fn creature_card(&mut self, path: &str, spec: &CreatureSpec) -> Option<Option<CardDef>> {
        match (&spec.card, &spec.name) {
            (Some(_), Some(_)) => {
                self.err(path, "give either \"card\" (a catalogue card) or \"name\" (a hypothetical creature), not both");
                None
            }
            (None, None) => {
                self.err(path, "a creature needs \"card\" (a catalogue card) or \"name\" (a hypothetical creature)");
                None
            }
            (Some(card), None) => match self.cards.card(card) {
                Some(def) if def.card_type == "artifact" => {
                    self.err(
                        format!("{path}.card"),
                        format!(
                            "{:?} is an artifact, not a creature; put it in \"artifacts\"",
                            def.name
                        ),
                    );
                    None
                }
                Some(def) => Some(Some(def)),
                None => {
                    self.unknown_card(&format!("{path}.card"), card);
                    None
                }
            },
            (None, Some(_)) => Some(None),
        }
    }

    /// A creature's Attack or Life (`field`): as the position gives it, else the card's;
    /// a hypothetical creature must give it.
    fn given_or_card(
        &mut self,
        path: &str,
        field: &str,
        given: Option<i32>,
        card: Option<i32>,
    ) -> i32 {
        match (given, card) {
            (Some(v), _) => self.stat(format!("{path}.{field}"), v, caps::STAT),
            (None, Some(v)) => v,
            (None, None) => {
                self.err(
                    format!("{path}.{field}"),
                    format!("a hypothetical creature needs \"{field}\""),
                );
                0
            }
        }
    }

    /// A creature's traits: as the position gives them, else the card's.
    fn traits(&mut self, path: &str, spec: &CreatureSpec, base: Option<&CardDef>) -> Vec<Arc<str>> {
        let traits: Vec<String> = match (&spec.traits, base) {
            (Some(t), _) => t.clone(),
            (None, Some(def)) => def.traits.clone(),
            (None, None) => Vec::new(),
        };
        if traits.len() > caps::TRAITS {
            self.err(
                format!("{path}.traits"),
                format!("at most {} traits", caps::TRAITS),
            );
        }
        traits
            .iter()
            .take(caps::TRAITS)
            .enumerate()
            .map(|(i, t)| self.name(format!("{path}.traits[{i}]"), t))
            .collect()
    }

    /// A creature's artifacts; a Mindless creature may carry none (seed 000 §4.1).
    fn equipment(
        &mut self,
        path: &str,
        spec: &CreatureSpec,
        abilities: &[Ability],
    ) -> Vec<Artifact> {
        if spec.artifacts.len() > caps::ARTIFACTS {
            self.err(
                format!("{path}.artifacts"),
                format!("at most {} artifacts", caps::ARTIFACTS),
            );
        }
        let artifacts: Vec<Artifact> = spec
            .artifacts
            .iter()
            .take(caps::ARTIFACTS)
            .enumerate()
            .filter_map(|(i, a)| self.artifact(&format!("{path}.artifacts[{i}]"), a))
            .collect();
        if !artifacts.is_empty() && abilities.iter().any(|a| a.kind == AbilityKind::Mindless) {
            self.err(
                format!("{path}.artifacts"),
                "a Mindless creature cannot equip artifacts (seed 000 §4.1 Mindless)",
            );
        }
        artifacts
    }

    /// A creature's statuses, by name.
    fn statuses(&mut self, path: &str, names: &[String]) -> Statuses {
        let mut status = Statuses::default();
        for (i, s) in names.iter().enumerate() {
            match Status::from_name(s) {
                Some(st) => status.set(st, true),
                None => {
                    let names: Vec<&str> = Status::ALL.iter().map(|s| s.name()).collect();
                    self.err(
                        format!("{path}.status[{i}]"),
                        format!("unknown status {s:?}; expected one of {}", names.join(", ")),
                    );
                }
            }
        }
        status
    }

    fn summon(&mut self, name: &str) -> Option<Creature> {
        let def = self.cards.card(name)?;
        let spec = CreatureSpec {
            card: Some(def.name.clone()),
            ..Default::default()
        };
        let before = self.errors.len();
        let c = self.creature("(summoned card)", &spec);
        self.errors.truncate(before);
        c
    }

    /// The game and the turns to play.
    fn game_and_turns(&mut self, pos: &Position) {
        if crate::text::fold(&pos.game) != "battleline" {
            self.err(
                "game",
                format!("the engine plays \"battleline\", not {:?}", pos.game),
            );
        }
        if pos.turns > caps::TURNS {
            self.err(
                "turns",
                format!("{} turns; at most {} are allowed", pos.turns, caps::TURNS),
            );
        }
        if pos.turn == 0 || pos.turn > caps::MAX_FIRST_TURN {
            self.err(
                "turn",
                format!("the first turn must be from 1 to {}", caps::MAX_FIRST_TURN),
            );
        }
    }

    /// Player `p`: name, life and line.
    fn player(&mut self, p: usize, spec: &PlayerSpec) -> Player {
        if spec.line.len() > caps::SLOTS {
            self.err(
                format!("players[{p}].line"),
                format!(
                    "{} slots; at most {} are allowed",
                    spec.line.len(),
                    caps::SLOTS
                ),
            );
        }
        if !(-caps::LIFE..=caps::LIFE).contains(&spec.life) {
            self.err(
                format!("players[{p}].life"),
                format!(
                    "{} is out of range; expected -{} to {}",
                    spec.life,
                    caps::LIFE,
                    caps::LIFE
                ),
            );
        }
        let name = if spec.name.trim().is_empty() {
            Arc::from(format!("Player {}", p + 1).as_str())
        } else {
            self.name(format!("players[{p}].name"), &spec.name)
        };
        let line: Vec<Option<Creature>> = spec
            .line
            .iter()
            .take(caps::SLOTS)
            .enumerate()
            .map(|(i, c)| {
                c.as_ref()
                    .and_then(|c| self.creature(&format!("players[{p}].line[{i}]"), c))
            })
            .collect();
        Player {
            name,
            life: spec.life.clamp(-caps::LIFE, caps::LIFE),
            line,
            returning: Vec::new(),
        }
    }

    /// The cards played during the game (`actions`), up to turn `last_turn`.
    fn plays(&mut self, pos: &Position, last_turn: u32) -> Vec<Play> {
        if pos.actions.len() > caps::ACTIONS {
            self.err(
                "actions",
                format!(
                    "{} actions; at most {} are allowed",
                    pos.actions.len(),
                    caps::ACTIONS
                ),
            );
        }
        let mut plays = Vec::new();
        for (i, a) in pos.actions.iter().enumerate().take(caps::ACTIONS) {
            if let Some(play) = self.play(pos, &format!("actions[{i}]"), a, last_turn) {
                plays.push(play);
            }
        }
        plays
    }

    /// One action at `path`: who plays what, when, where.
    fn play(&mut self, pos: &Position, path: &str, a: &ActionSpec, last_turn: u32) -> Option<Play> {
        if a.player > 1 {
            self.err(
                format!("{path}.player"),
                format!("player {} does not exist; expected 0 or 1", a.player),
            );
            return None;
        }
        let turn = a.turn.unwrap_or(pos.turn);
        if turn < pos.turn || turn > last_turn.max(pos.turn) {
            self.err(
                format!("{path}.turn"),
                format!(
                    "turn {turn} is not played; expected {} to {}",
                    pos.turn,
                    last_turn.max(pos.turn)
                ),
            );
        }
        let slot = self.play_slot(path, a.slot);
        let card = self.played_card(path, a)?;
        Some(Play {
            turn,
            side: a.player,
            card,
            slot,
        })
    }

    /// The slot an action names (from 1), as an index.
    fn play_slot(&mut self, path: &str, slot: Option<usize>) -> Option<usize> {
        match slot {
            Some(0) => {
                self.err(format!("{path}.slot"), "slots are numbered from 1");
                None
            }
            Some(s) if s > caps::SLOTS => {
                self.err(
                    format!("{path}.slot"),
                    format!("slot {s}; a line has at most {} slots", caps::SLOTS),
                );
                None
            }
            Some(s) => Some(s - 1),
            None => None,
        }
    }

    /// What an action plays: a catalogue card (a creature or an artifact, never a card
    /// only a rule summons) or a hypothetical creature.
    fn played_card(&mut self, path: &str, a: &ActionSpec) -> Option<PlayCard> {
        match (&a.play, &a.creature) {
            (Some(_), Some(_)) | (None, None) => {
                self.err(path, "an action needs exactly one of \"play\" (a catalogue card) or \"creature\" (a hypothetical one)");
                None
            }
            (None, Some(spec)) => self
                .creature(&format!("{path}.creature"), spec)
                .map(PlayCard::Creature),
            (Some(name), None) => match self.cards.card(name) {
                None => {
                    self.unknown_card(&format!("{path}.play"), name);
                    None
                }
                Some(def) if def.card_type == "summon" => {
                    self.err(
                        format!("{path}.play"),
                        format!("{:?} is summoned by a rule (seed 000 §4.2), not played; put it on the line instead", def.name),
                    );
                    None
                }
                Some(def) if def.card_type == "artifact" => self
                    .artifact(
                        &format!("{path}.play"),
                        &ArtifactSpec::Card(def.name.clone()),
                    )
                    .map(PlayCard::Artifact),
                Some(def) => self
                    .creature(
                        &format!("{path}.play"),
                        &CreatureSpec {
                            card: Some(def.name.clone()),
                            ..Default::default()
                        },
                    )
                    .map(PlayCard::Creature),
            },
        }
    }

    /// The judge's choices at chance steps (`choices`).
    fn choices(&mut self, pos: &Position) -> Vec<Choice> {
        if pos.choices.len() > caps::CHOICES {
            self.err("choices", format!("at most {} choices", caps::CHOICES));
        }
        let mut choices = Vec::new();
        for (i, c) in pos.choices.iter().enumerate().take(caps::CHOICES) {
            if c.chance == 0 {
                self.err(
                    format!("choices[{i}].chance"),
                    "chance steps are numbered from 1",
                );
            }
            if c.slot == 0 || c.slot > caps::SLOTS {
                self.err(
                    format!("choices[{i}].slot"),
                    format!("expected a slot from 1 to {}", caps::SLOTS),
                );
            }
            if pos.choices[..i].iter().any(|o| o.chance == c.chance) {
                self.err(
                    format!("choices[{i}].chance"),
                    format!("chance {} is chosen twice", c.chance),
                );
            }
            choices.push(Choice {
                chance: c.chance,
                slot: c.slot,
            });
        }
        choices
    }

    /// The judge's pins of decisions (`decisions`), checked by the core.
    fn decisions(&mut self, pos: &Position) {
        if pos.decisions.len() > caps::CHOICES {
            self.err("decisions", format!("at most {} decisions", caps::CHOICES));
        }
        for e in crate::rules::decision::check_pins(&pos.decisions) {
            self.errors.push(e);
        }
    }

    /// The cards rules summon (§4.2), from the catalogue when it has them.
    fn summons(&mut self) -> Summons {
        let serpent = match (
            self.summon("The Endless Serpent (Head)"),
            self.summon("The Endless Serpent (Body)"),
            self.summon("The Endless Serpent (Second Head)"),
        ) {
            (Some(a), Some(b), Some(c)) => Some([a, b, c]),
            _ => None,
        };
        Summons {
            wall_of_ice: self.summon("Wall of Ice"),
            serpent,
            omega_rabbit: self.summon("The Omega Rabbit"),
        }
    }
}

/// Checks `pos` against `cards` and builds the starting state. Every problem is
/// reported, each with its path.
pub fn resolve(pos: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
    let mut r = Resolver {
        cards,
        errors: Vec::new(),
        next_id: 0,
    };
    r.game_and_turns(pos);
    let mut players = Vec::new();
    for (p, spec) in pos.players.iter().enumerate() {
        players.push(r.player(p, spec));
    }
    let last_turn = pos
        .turn
        .saturating_add(pos.turns.min(caps::TURNS))
        .saturating_sub(1);
    let plays = r.plays(pos, last_turn);
    let choices = r.choices(pos);
    r.decisions(pos);
    let summons = r.summons();
    if !r.errors.is_empty() {
        return Err(r.errors);
    }
    let [p0, p1]: [Player; 2] = match players.try_into() {
        Ok(p) => p,
        Err(_) => {
            return Err(vec![PositionError::at(
                "players",
                "expected exactly two players",
            )])
        }
    };
    Ok(State {
        players: [p0, p1],
        turn: pos.turn - 1,
        last_turn: if pos.turns == 0 {
            pos.turn - 1
        } else {
            last_turn
        },
        seed: pos.seed,
        rng: Pcg32::seed_from_u64(pos.seed),
        chances: 0,
        choices: Arc::from(choices),
        decisions: 0,
        decision_pins: Arc::from(pos.decisions.clone()),
        interpretations: pos.interpretations,
        plays: Arc::from(plays),
        summons: Arc::new(summons),
        agenda: Vec::new(),
        phase: Phase::StartOfTurn,
        next_id: r.next_id,
        steps: 0,
        battle_start_damage: Vec::new(),
        outcome: None,
    })
}
