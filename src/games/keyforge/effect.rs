//! The effect language: how a KeyForge card's text becomes abilities the engine plays
//! (`docs/rules/keyforge.md`, "The effect language"). Seed 003's grammar
//! ([`crate::grammar::keyforge`]) finds each line's precursors; this file adds the
//! published precursors the seed does not name (`Before Fight:`, `After Fight:` read as
//! the seed's `Fight:`, `Destroyed:`) and reads each sentence of an effect. An ability
//! with a sentence outside the language is not guessed at: the engine reads the sentences
//! it can and asks the judge to resolve only the rest (an [`Effect::Judge`] in its place
//! among a triggered ability's effects; a constant line's unread sentences as an ability
//! of their own); an ability with no sentence read at all is [`Body::Judge`]. Pure: text
//! in, structure out.

use serde::Serialize;

use crate::grammar::keyforge::{parse_line, AbilityType};

/// When a triggered ability resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    Play,
    /// Seed 003's "Fight:", today's "After Fight:".
    Fight,
    Reap,
    Action,
    Omni,
    BeforeFight,
    Destroyed,
}

impl Trigger {
    pub fn label(self) -> &'static str {
        match self {
            Trigger::Play => "Play:",
            Trigger::Fight => "Fight:",
            Trigger::Reap => "Reap:",
            Trigger::Action => "Action:",
            Trigger::Omni => "Omni:",
            Trigger::BeforeFight => "Before Fight:",
            Trigger::Destroyed => "Destroyed:",
        }
    }
}

/// Which creatures a target names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SideFilter {
    Any,
    Enemy,
    Friendly,
}

/// The creatures an effect names: `a friendly Beast creature`, `each non-Horseman
/// creature`, or the card itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// The card the ability is on (`this creature`, or its own name).
    This,
    Creatures {
        /// `each` (every one) or `a` (one, chosen).
        each: bool,
        side: SideFilter,
        /// Only creatures with this trait.
        #[serde(skip_serializing_if = "Option::is_none")]
        with_trait: Option<String>,
        /// Only creatures without this trait (`non-Horseman`).
        #[serde(skip_serializing_if = "Option::is_none")]
        without_trait: Option<String>,
    },
}

/// A keyword a creature has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    Elusive,
    Skirmish,
    Taunt,
    Poison,
    Assault,
    Hazardous,
}

impl Keyword {
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Elusive => "Elusive",
            Keyword::Skirmish => "Skirmish",
            Keyword::Taunt => "Taunt",
            Keyword::Poison => "Poison",
            Keyword::Assault => "Assault",
            Keyword::Hazardous => "Hazardous",
        }
    }
    /// Reads `elusive`, `assault 2`, `hazardous (3)`.
    fn read(s: &str) -> Option<(Keyword, u32)> {
        let s = s.replace(['(', ')'], " ");
        let mut words = s.split_whitespace();
        let k = match words.next()? {
            "elusive" => Keyword::Elusive,
            "skirmish" => Keyword::Skirmish,
            "taunt" => Keyword::Taunt,
            "poison" => Keyword::Poison,
            "assault" => Keyword::Assault,
            "hazardous" => Keyword::Hazardous,
            _ => return None,
        };
        let x = match (k, words.next()) {
            (Keyword::Assault | Keyword::Hazardous, Some(n)) => {
                n.parse().ok().filter(|n| (1..=99).contains(n))?
            }
            (Keyword::Assault | Keyword::Hazardous, None) => return None,
            (_, None) => 0,
            (_, Some(_)) => return None,
        };
        words.next().is_none().then_some((k, x))
    }
}

/// One effect sentence the engine plays.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    Damage {
        amount: u32,
        to: Subject,
    },
    Gain {
        amount: u32,
    },
    /// The controller loses Æmber.
    Lose {
        amount: u32,
    },
    /// The opponent loses Æmber.
    OpponentLoses {
        amount: u32,
    },
    Steal {
        amount: u32,
    },
    /// The card itself captures (a creature).
    Capture {
        amount: u32,
    },
    Destroy {
        what: Subject,
    },
    Sacrifice {
        what: Subject,
    },
    Ready {
        what: Subject,
    },
    Exhaust {
        what: Subject,
    },
    Stun {
        what: Subject,
    },
    ReturnToHand {
        what: Subject,
    },
    /// Archive a card from the controller's hand.
    ArchiveFromHand,
    /// Archive the card itself.
    ArchiveThis,
    /// `None`: fully heal.
    Heal {
        amount: Option<u32>,
        what: Subject,
    },
    Draw {
        cards: u32,
    },
    /// Look at the top N cards of your deck.
    Look {
        cards: u32,
    },
    /// Put one of the cards looked at on the bottom of your deck.
    BottomOneLooked,
    /// Friendly creatures get +N power until the end of the turn.
    FriendlyPower {
        amount: u32,
    },
    /// The effect happens only if the damage just dealt destroyed its creature.
    IfDestroyed {
        then: Box<Effect>,
    },
    /// A sentence outside the language, among sentences the engine reads: the judge
    /// resolves it, in its place (house rules K2, K3).
    Judge {
        text: String,
    },
}

/// One constant ability the engine applies.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "constant", rename_all = "snake_case")]
pub enum Constant {
    Keyword {
        keyword: Keyword,
        x: u32,
    },
    CannotReap,
    CannotFight,
    /// "You may use this card as if it belonged to the active house."
    AnyHouse,
    /// On an upgrade: the creature it is on gains a keyword.
    Grants {
        keyword: Keyword,
        x: u32,
    },
    /// "After an enemy creature is destroyed fighting this creature, …".
    AfterEnemyDestroyedFighting {
        then: Vec<Effect>,
    },
}

/// What an ability does: effects or constants in the language, or a judge's ruling.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "body", rename_all = "snake_case")]
pub enum Body {
    Effects {
        effects: Vec<Effect>,
    },
    Constants {
        constants: Vec<Constant>,
    },
    /// Outside the language: the judge resolves it.
    Judge,
}

/// One ability of a card, as read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Ability {
    /// Empty for a constant ability (no boldfaced precursor).
    pub triggers: Vec<Trigger>,
    /// The effect's text (after the precursor).
    pub text: String,
    pub body: Body,
    /// Printed "After Fight:" (today's name of the seed's "Fight:").
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub after_fight: bool,
}

impl Ability {
    pub fn is_constant(&self) -> bool {
        self.triggers.is_empty()
    }
    pub fn has(&self, t: Trigger) -> bool {
        self.triggers.contains(&t)
    }
    /// The ability as printed: `Play/Fight/Reap: Deal 1 damage …`.
    pub fn label(&self) -> String {
        if self.triggers.is_empty() {
            return self.text.clone();
        }
        let heads: Vec<&str> = self
            .triggers
            .iter()
            .map(|t| t.label().trim_end_matches(':'))
            .collect();
        format!("{}: {}", heads.join("/"), self.text)
    }
}

/// Reads a card's text, one ability per line; `own` is the card's name, which its text
/// may use for itself.
pub fn read_text(text: &str, own: &str) -> Vec<Ability> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .flat_map(|l| split_constant(read_line(l, own), own))
        .collect()
}

/// A constant line the language reads only in part (`Elusive. Deploy.`): the sentences
/// it reads as one constant ability, the rest as a second one for the judge. Any other
/// ability is returned as it is.
fn split_constant(a: Ability, own: &str) -> Vec<Ability> {
    if !a.is_constant() || a.body != Body::Judge {
        return vec![a];
    }
    let folded_own = own.to_lowercase();
    let (mut read, mut read_text, mut rest) = (Vec::new(), Vec::new(), Vec::new());
    for raw in raw_sentences(&a.text) {
        let c = match sentences(&raw).as_slice() {
            [one] => constant(one, &folded_own),
            _ => None,
        };
        match c {
            Some(c) => {
                read.push(c);
                read_text.push(raw);
            }
            None => rest.push(raw),
        }
    }
    if read.is_empty() {
        return vec![a];
    }
    let part = |text: Vec<String>, body| Ability {
        triggers: Vec::new(),
        text: text.join(" "),
        body,
        after_fight: false,
    };
    vec![
        part(read_text, Body::Constants { constants: read }),
        part(rest, Body::Judge),
    ]
}

/// The sentences of `text` as written, each with its full stop.
fn raw_sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, c) in chars.iter().enumerate() {
        cur.push(*c);
        if matches!(c, '.' | '…') && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) {
            out.push(cur.trim().to_string());
            cur.clear();
        }
    }
    out.push(cur.trim().to_string());
    out.retain(|s| !s.is_empty());
    out
}

/// Reads one ability line.
pub fn read_line(line: &str, own: &str) -> Ability {
    let parsed = parse_line(line);
    let mut triggers: Vec<Trigger> = parsed
        .types
        .iter()
        .filter_map(|t| match t {
            AbilityType::Play => Some(Trigger::Play),
            AbilityType::Fight => Some(Trigger::Fight),
            AbilityType::Reap => Some(Trigger::Reap),
            AbilityType::Action => Some(Trigger::Action),
            AbilityType::Omni => Some(Trigger::Omni),
            AbilityType::Constant => None,
        })
        .collect();
    let mut text = parsed.effect.clone();
    let mut after_fight = false;
    // The published precursors seed 003's grammar does not know.
    if triggers.is_empty() {
        for (head, t) in [
            ("Before Fight:", Trigger::BeforeFight),
            ("After Fight:", Trigger::Fight),
            ("Destroyed:", Trigger::Destroyed),
        ] {
            if let Some(rest) = line.trim().strip_prefix(head) {
                after_fight = head == "After Fight:";
                triggers.push(t);
                text = rest.trim().to_string();
            }
        }
    }
    let body = if triggers.is_empty() {
        constants(&text, own)
            .map(|constants| Body::Constants { constants })
            .unwrap_or(Body::Judge)
    } else {
        effects(&text, own)
            .map(|effects| Body::Effects { effects })
            .unwrap_or_else(|| partial_effects(&text, own))
    };
    Ability {
        triggers,
        text,
        body,
        after_fight,
    }
}

/// The sentences of `text`, lower case, without their full stops.
fn sentences(text: &str) -> Vec<String> {
    let folded = text
        .replace(['’', '‘'], "'")
        .replace('…', "...")
        .to_lowercase();
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = folded.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c == '.' && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(*c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Every sentence as effects, or `None` when any is outside the language.
pub fn effects(text: &str, own: &str) -> Option<Vec<Effect>> {
    let own = own.to_lowercase();
    let list = sentences(text);
    if list.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for s in list {
        // `Sacrifice Mighty Javelin, deal 4 damage …`: a comma between two effects.
        match effect(&s, &own) {
            Some(e) => out.push(e),
            None => {
                let (a, b) = s.split_once(", ")?;
                out.push(effect(a, &own)?);
                out.push(effect(b, &own)?);
            }
        }
    }
    Some(out)
}

/// The sentences of a triggered ability read one by one: each one the language reads as
/// its effects, each other one an [`Effect::Judge`] in its place; [`Body::Judge`] when
/// none reads.
fn partial_effects(text: &str, own: &str) -> Body {
    let mut out = Vec::new();
    let mut any = false;
    for raw in raw_sentences(text) {
        match effects(&raw, own) {
            Some(list) => {
                any = true;
                out.extend(list);
            }
            None => out.push(Effect::Judge { text: raw }),
        }
    }
    if any {
        Body::Effects { effects: out }
    } else {
        Body::Judge
    }
}

/// Every sentence as constants, or `None` when any is outside the language.
pub fn constants(text: &str, own: &str) -> Option<Vec<Constant>> {
    let own = own.to_lowercase();
    let list = sentences(text);
    if list.is_empty() {
        return None;
    }
    list.iter().map(|s| constant(s, &own)).collect()
}

fn constant(s: &str, own: &str) -> Option<Constant> {
    if let Some((keyword, x)) = Keyword::read(s) {
        return Some(Constant::Keyword { keyword, x });
    }
    let is_self =
        |w: &str| w == "this creature" || w == "this card" || (!own.is_empty() && w == own);
    if let Some(who) = s.strip_suffix(" cannot be used to reap") {
        return is_self(who).then_some(Constant::CannotReap);
    }
    if let Some(who) = s.strip_suffix(" cannot be used to fight") {
        return is_self(who).then_some(Constant::CannotFight);
    }
    if let Some(rest) = s.strip_prefix("you may use ") {
        let who = rest.strip_suffix(" as if it belonged to the active house")?;
        return is_self(who).then_some(Constant::AnyHouse);
    }
    if let Some(rest) = s.strip_prefix("this creature gains ") {
        let (keyword, x) = Keyword::read(rest)?;
        return Some(Constant::Grants { keyword, x });
    }
    if let Some(rest) = s.strip_prefix("after an enemy creature is destroyed fighting ") {
        let (who, then) = rest.split_once(", ")?;
        if !is_self(who) {
            return None;
        }
        let then = then
            .split(". ")
            .map(|e| effect(e, own))
            .collect::<Option<Vec<_>>>()?;
        return Some(Constant::AfterEnemyDestroyedFighting { then });
    }
    None
}

/// `1æ`, `1 æ`, `1 æmber`, `1 amber` → 1.
fn amber(s: &str) -> Option<u32> {
    let s = s.trim();
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: u32 = digits.parse().ok().filter(|n| *n <= 99)?;
    match s[digits.len()..].trim() {
        "æ" | "æmber" | "amber" => Some(n),
        _ => None,
    }
}

/// `a`, `one`, `2` → the number.
fn count(s: &str) -> Option<u32> {
    match s {
        "a" | "an" | "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        n => n.parse().ok().filter(|n| *n > 0 && *n <= 99),
    }
}

fn subject(s: &str, own: &str) -> Option<Subject> {
    let s = s.trim();
    if s == "this creature"
        || s == "this card"
        || s == "this artifact"
        || (!own.is_empty() && s == own)
    {
        return Some(Subject::This);
    }
    let mut words: Vec<&str> = s.split_whitespace().collect();
    let each = match words.first().copied()? {
        "a" | "an" => false,
        "each" => true,
        _ => return None,
    };
    words.remove(0);
    let last = words.pop()?;
    if last != "creature" {
        return None;
    }
    let mut side = SideFilter::Any;
    if let Some(first) = words.first() {
        match *first {
            "enemy" => side = SideFilter::Enemy,
            "friendly" => side = SideFilter::Friendly,
            _ => {}
        }
        if side != SideFilter::Any {
            words.remove(0);
        }
    }
    let (mut with_trait, mut without_trait) = (None, None);
    match words.as_slice() {
        [] => {}
        [w] => match w.strip_prefix("non-") {
            Some(t) if !t.is_empty() => without_trait = Some(t.to_string()),
            Some(_) => return None,
            None => with_trait = Some(w.to_string()),
        },
        _ => return None,
    }
    Some(Subject::Creatures {
        each,
        side,
        with_trait,
        without_trait,
    })
}

fn effect(s: &str, own: &str) -> Option<Effect> {
    let s = s.trim();
    if let Some(rest) = s.strip_prefix("if this damage destroys that creature, ") {
        return Some(Effect::IfDestroyed {
            then: Box::new(effect(rest, own)?),
        });
    }
    if let Some(rest) = s.strip_prefix("deal ") {
        let (n, to) = rest.split_once(" damage to ")?;
        let amount = n.trim().parse().ok().filter(|n| *n > 0 && *n <= 99)?;
        return Some(Effect::Damage {
            amount,
            to: subject(to, own)?,
        });
    }
    if let Some(rest) = s.strip_prefix("gain ") {
        return Some(Effect::Gain {
            amount: amber(rest)?,
        });
    }
    if let Some(rest) = s.strip_prefix("your opponent loses ") {
        return Some(Effect::OpponentLoses {
            amount: amber(rest)?,
        });
    }
    if let Some(rest) = s.strip_prefix("lose ") {
        return Some(Effect::Lose {
            amount: amber(rest)?,
        });
    }
    if let Some(rest) = s.strip_prefix("steal ") {
        return Some(Effect::Steal {
            amount: amber(rest)?,
        });
    }
    if let Some(rest) = s.strip_prefix("capture ") {
        return Some(Effect::Capture {
            amount: amber(rest)?,
        });
    }
    if let Some(rest) = s.strip_prefix("return ") {
        let what = ["to its owner's hand", "to your hand", "to hand"]
            .iter()
            .find_map(|tail| rest.strip_suffix(tail))?;
        return Some(Effect::ReturnToHand {
            what: subject(what, own)?,
        });
    }
    if s == "archive a card" {
        return Some(Effect::ArchiveFromHand);
    }
    if let Some(rest) = s.strip_prefix("archive ") {
        return (subject(rest, own)? == Subject::This).then_some(Effect::ArchiveThis);
    }
    if let Some(rest) = s.strip_prefix("fully heal ") {
        return Some(Effect::Heal {
            amount: None,
            what: subject(rest, own)?,
        });
    }
    if let Some(rest) = s.strip_prefix("heal ") {
        let (n, what) = rest.split_once(" damage from ")?;
        return Some(Effect::Heal {
            amount: Some(n.trim().parse().ok().filter(|n| *n > 0 && *n <= 99)?),
            what: subject(what, own)?,
        });
    }
    if let Some(rest) = s.strip_prefix("draw ") {
        let (n, noun) = rest.split_once(' ')?;
        if noun != "card" && noun != "cards" {
            return None;
        }
        return Some(Effect::Draw { cards: count(n)? });
    }
    if let Some(rest) = s.strip_prefix("look at the top ") {
        let n = rest.strip_suffix(" cards of your deck")?;
        return Some(Effect::Look { cards: count(n)? });
    }
    if s == "put one of them on the bottom of your deck" {
        return Some(Effect::BottomOneLooked);
    }
    if let Some(rest) = s.strip_prefix("friendly creatures get +") {
        let n = rest.strip_suffix(" power until the end of the turn")?;
        return Some(Effect::FriendlyPower {
            amount: n.trim().parse().ok().filter(|n| *n > 0 && *n <= 99)?,
        });
    }
    for (verb, make) in [
        (
            "destroy ",
            (|what| Effect::Destroy { what }) as fn(Subject) -> Effect,
        ),
        ("sacrifice ", |what| Effect::Sacrifice { what }),
        ("ready ", |what| Effect::Ready { what }),
        ("exhaust ", |what| Effect::Exhaust { what }),
        ("stun ", |what| Effect::Stun { what }),
    ] {
        if let Some(rest) = s.strip_prefix(verb) {
            return Some(make(subject(rest, own)?));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_every_form() {
        assert_eq!(
            subject("each non-horseman creature", ""),
            Some(Subject::Creatures {
                each: true,
                side: SideFilter::Any,
                with_trait: None,
                without_trait: Some("horseman".into())
            })
        );
        assert_eq!(
            subject("a friendly beast creature", ""),
            Some(Subject::Creatures {
                each: false,
                side: SideFilter::Friendly,
                with_trait: Some("beast".into()),
                without_trait: None
            })
        );
        assert_eq!(
            subject("mack the knife", "mack the knife"),
            Some(Subject::This)
        );
        assert_eq!(subject("two creatures", ""), None);
        // Numbers past 99 are outside the language (the judge's), never an overflow.
        assert_eq!(read_line("Assault 4000000000.", "X").body, Body::Judge);
        assert_eq!(read_line("Reap: Gain 4000000000Æ.", "X").body, Body::Judge);
    }

    #[test]
    fn outside_the_language_is_the_judges() {
        let a = read_line("Action: Swap two creatures.", "X");
        assert_eq!(a.body, Body::Judge);
        // One sentence out of the language is the judge's, in its place; the rest reads.
        let a = read_line("Reap: Gain 1Æ. Shuffle your discard pile.", "X");
        assert_eq!(
            a.body,
            Body::Effects {
                effects: vec![
                    Effect::Gain { amount: 1 },
                    Effect::Judge {
                        text: "Shuffle your discard pile.".into()
                    }
                ]
            }
        );
        // A constant line keeps the keyword it reads; only the rest goes to the judge.
        let both = read_text("Elusive. Deploy.", "X");
        assert_eq!(both.len(), 2);
        assert_eq!(
            both[0].body,
            Body::Constants {
                constants: vec![Constant::Keyword {
                    keyword: Keyword::Elusive,
                    x: 0
                }]
            }
        );
        assert_eq!(
            (both[1].text.as_str(), &both[1].body),
            ("Deploy.", &Body::Judge)
        );
        let a = read_line("Creatures cost less.", "X");
        assert_eq!(a.body, Body::Judge);
    }

    #[test]
    fn published_precursors() {
        let a = read_line("After Fight: Gain 1Æ.", "X");
        assert_eq!(a.triggers, vec![Trigger::Fight]);
        let a = read_line("Before Fight: Deal 2 damage to a creature.", "X");
        assert_eq!(a.triggers, vec![Trigger::BeforeFight]);
        let a = read_line("Destroyed: Steal 1Æ.", "X");
        assert_eq!(a.triggers, vec![Trigger::Destroyed]);
        assert_eq!(
            a.body,
            Body::Effects {
                effects: vec![Effect::Steal { amount: 1 }]
            }
        );
    }

    /// Each "if this damage destroys that creature, " nests the rest of its sentence in
    /// an effect (read, run, cloned and dropped recursively): a text at the position's
    /// cap of `caps::TEXT` characters nests at most 25 deep, read, compared, cloned and
    /// dropped here on a 2 MiB stack.
    #[test]
    fn nested_effects_are_bounded_by_the_text_cap() {
        use super::super::format::caps;
        let prefix = "If this damage destroys that creature, ";
        let head = "Play: Deal 1 damage to a creature. ";
        let n = (caps::TEXT - head.len() - "gain 1Æ.".len()) / prefix.len();
        let text = format!("{head}{}gain 1Æ.", prefix.repeat(n));
        assert!(text.chars().count() <= caps::TEXT && n >= 24, "{n}");
        let depth = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let a = read_line(&text, "X");
                assert_eq!(a.clone(), a);
                let Body::Effects { effects } = &a.body else {
                    panic!("{:?}", a.body)
                };
                let mut depth = 0;
                let mut e = &effects[1];
                while let Effect::IfDestroyed { then } = e {
                    depth += 1;
                    e = then;
                }
                depth
            })
            .expect("thread starts")
            .join()
            .expect("no stack overflow");
        assert_eq!(depth, n);
    }
}
