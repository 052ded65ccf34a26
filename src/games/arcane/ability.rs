//! An ability's words as the engine reads them: seed 004's classification (the grammar,
//! [`crate::grammar::arcane`]) turned into costs, an activation restriction, a trigger,
//! effect clauses made of the seed's own verbs, and the static statements the engine
//! can answer queries and orders with, and what a sentence of its text says of its own
//! readiness (seed 004's Note). The left of a dash is split by the grammar, the one
//! reader the card page shares. Whatever it does not read stays as text
//! (`Other`), which rule code puts to the judge (house rule A5): it never guesses.
//!
//! Pure string-in, structure-out; readiness and play are elsewhere.

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::interpret::DashAndTrigger;
use crate::grammar::arcane::{self as grammar, ArcaneAbility, ArcaneKind};

/// The three types, as the engine plays the ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Activated,
    Triggered,
    Static,
}

/// One cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "cost", rename_all = "snake_case")]
pub enum Cost {
    /// N order points.
    Op { n: u32 },
    /// Down N of this unit's own figures.
    Down { n: u32 },
    /// Words the engine does not read.
    Other { text: String },
}

/// A condition (an activation restriction or a static's).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "condition", rename_all = "snake_case")]
pub enum Condition {
    /// "this unit is [not] X": X among its traits or the judge's facts.
    Is {
        what: String,
        negated: bool,
    },
    /// "this unit has N or more figures".
    Figures {
        at_least: u32,
    },
    /// "its owner has N or more victory points".
    Vp {
        at_least: u32,
    },
    /// "during your order phase": the order phase of the unit's owner.
    YourOrderPhase,
    Other {
        text: String,
    },
}

/// What makes a triggered ability trigger.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "trigger", rename_all = "snake_case")]
pub enum Trigger {
    /// "Whenever a figure is downed from this unit": one occurrence per figure.
    FigureDowned,
    /// "Whenever one or more figures are downed from this unit" ("any number of
    /// figures"): one occurrence per event, however many figures it downs.
    FiguresDowned,
    /// "When this unit is dealt damage" ("dealt 1 or more damage"): one per event.
    DealtDamage,
    /// "When this unit is given a X order".
    GivenOrder { order: String },
    /// "At the start of your order phase".
    StartOfOrderPhase,
    /// "When this unit ends its movement in contact with an enemy unit" ("with one or
    /// more enemy units"): one occurrence per move.
    EndsMoveByEnemy,
    /// Words the engine does not read: the judge enters the event (house rule A7).
    Other { text: String },
}

/// Which units an effect reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    This,
    /// One enemy unit (range is the judge's): the action's `targets`, else a decision.
    OneEnemy,
    /// "that unit": the unit the judge entered with the event.
    Entered,
    EachEnemyInContact,
    OneFriendlyInContact,
}

/// One of the seed's verbs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "verb", rename_all = "snake_case")]
pub enum Verb {
    /// Return (up to) N downed figures to this unit (or to a friendly unit in contact).
    Return {
        n: u32,
        up_to: bool,
        or_friend: bool,
    },
    Damage {
        n: u32,
        target: Target,
    },
    Down {
        n: u32,
        target: Target,
    },
    /// Gain N dice of a colour until end of turn.
    Dice {
        n: u32,
        color: String,
    },
    Op {
        n: u32,
    },
    Vp {
        n: u32,
    },
    /// Give a unit a free order.
    Order {
        order: String,
        target: Target,
    },
    /// Spend N order points to get the rest (a triggered ability's cost).
    Spend {
        op: u32,
        then: Box<Verb>,
    },
    Other {
        text: String,
    },
}

/// One clause of an effect.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Clause {
    pub text: String,
    /// Marked optional by "may".
    pub optional: bool,
    pub verb: Verb,
}

/// A static statement the engine answers with.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "statement", rename_all = "snake_case")]
pub enum Statement {
    PhantomDice {
        face: u8,
    },
    /// Enemy units in contact with this unit cannot be given X orders.
    NoOrders {
        order: String,
    },
    /// Extra dice when it attacks a unit with N or more figures.
    ExtraDice {
        n: u32,
        color: String,
        against_at_least: u32,
    },
    Other,
}

/// What an ability's own text says of its readiness (seed 004: "Some special abilities,
/// as described in their rules text, might have different conditions for being ready, or
/// may not even need to be ready at all.").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "readiness", rename_all = "snake_case")]
pub enum Readiness {
    /// The seed's: a unit ability while its unit is on the battlefield, a figure ability
    /// while a slot it sits next to is occupied.
    Usual,
    /// "This ability need not be ready": usable whether or not it is ready.
    NotNeeded { text: String },
    /// "This ability is ready while …": its own condition replaces the seed's.
    Own { text: String, condition: Condition },
}

/// One ability as the engine plays it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ability {
    pub name: String,
    /// The line as written.
    pub text: String,
    pub kind: Kind,
    /// Both a dash and a leading When/At/Whenever (`dash_and_trigger` decides).
    pub dash_and_trigger: bool,
    pub costs: Vec<Cost>,
    pub restriction: Option<Condition>,
    pub trigger: Option<Trigger>,
    pub clauses: Vec<Clause>,
    /// A static's condition ("While this unit is in woods").
    pub condition: Option<Condition>,
    pub statement: Statement,
    pub reminder: Option<String>,
    /// What its own text says of its readiness.
    pub readiness: Readiness,
    /// The slots (0-based) it sits next to; empty: a unit special ability.
    pub slots: Vec<usize>,
}

impl Ability {
    pub fn is_figure(&self) -> bool {
        !self.slots.is_empty()
    }
}

fn re(s: &str) -> Regex {
    Regex::new(s).expect("static regex")
}

/// "one", "2", "three" as a number.
pub fn number(word: &str) -> Option<u32> {
    let w = word.trim().to_lowercase();
    let n = match w.as_str() {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        _ => return w.parse().ok().filter(|n| *n <= 999),
    };
    Some(n)
}

const NUM: &str = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})";

static COST_OP: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"(?i)^{NUM}\s+(?:OP|order points?)$")));
static COST_DOWN: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^down\s+{NUM}\s+(?:of\s+this\s+unit's\s+)?figures?(?:\s+from\s+this\s+unit)?$"
    ))
});

/// One cost's words.
pub fn cost(text: &str) -> Cost {
    let t = text.trim();
    if let Some(c) = COST_OP.captures(t) {
        if let Some(n) = number(&c[1]) {
            return Cost::Op { n };
        }
    }
    if let Some(c) = COST_DOWN.captures(t) {
        if let Some(n) = number(&c[1]) {
            return Cost::Down { n };
        }
    }
    Cost::Other { text: t.into() }
}

static COND_IS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:only\s+)?(?:if|while|as long as|when)\s+this\s+unit\s+is\s+(not\s+)?(?:an?\s+)?(.+?)\.?$",
    )
});
static COND_FIGURES: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:only\s+)?(?:if|while|as long as)\s+this\s+unit\s+has\s+{NUM}\s+or\s+more\s+figures\.?$"
    ))
});
static COND_PHASE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^(?:only\s+)?(?:during|in)\s+your\s+(?:own\s+)?order\s+phase\.?$"));
static COND_VP: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:only\s+)?(?:if|while|as long as)\s+(?:you\s+have|its\s+owner\s+has)\s+{NUM}\s+or\s+more\s+victory\s+points\.?$"
    ))
});

/// A condition's words.
pub fn condition(text: &str) -> Condition {
    let t = text.trim();
    if COND_PHASE.is_match(t) {
        return Condition::YourOrderPhase;
    }
    if let Some(c) = COND_FIGURES.captures(t) {
        if let Some(n) = number(&c[1]) {
            return Condition::Figures { at_least: n };
        }
    }
    if let Some(c) = COND_VP.captures(t) {
        if let Some(n) = number(&c[1]) {
            return Condition::Vp { at_least: n };
        }
    }
    if let Some(c) = COND_IS.captures(t) {
        let what = c[2].trim().to_string();
        // "is given a charge order" is an event, not a state.
        if !what.to_lowercase().starts_with("given ") && !what.to_lowercase().starts_with("dealt ")
        {
            return Condition::Is {
                what,
                negated: c.get(1).is_some(),
            };
        }
    }
    Condition::Other { text: t.into() }
}

static T_DOWNED: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:when|whenever)\s+a\s+figure\s+is\s+downed\s+from\s+this\s+unit$")
});
static T_DOWNED_ANY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:when|whenever)\s+(?:(?:one|1)\s+or\s+more|any\s+number\s+of)\s+figures\s+(?:are|is)\s+downed\s+from\s+this\s+unit$",
    )
});
static T_DAMAGE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:when|whenever)\s+this\s+unit\s+is\s+dealt\s+(?:(?:one|1)\s+or\s+more\s+|any\s+(?:amount\s+of\s+)?)?damage$",
    )
});
static T_ORDER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:when|whenever)\s+this\s+unit\s+is\s+given\s+an?\s+(.+?)\s+order$")
});
static T_ORDER_PHASE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^at\s+the\s+start\s+of\s+your\s+order\s+phase$"));
static T_MOVE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:when|whenever)\s+this\s+unit\s+ends\s+(?:its\s+)?move(?:ment)?\s+(?:in\s+contact\s+with|adjacent\s+to)\s+(?:an?\s+enemy\s+unit|(?:(?:one|1)\s+or\s+more|any\s+number\s+of)\s+enemy\s+units)$",
    )
});

/// A trigger condition's words.
pub fn trigger(text: &str) -> Trigger {
    let t = text.trim();
    if T_DOWNED.is_match(t) {
        Trigger::FigureDowned
    } else if T_DOWNED_ANY.is_match(t) {
        Trigger::FiguresDowned
    } else if T_DAMAGE.is_match(t) {
        Trigger::DealtDamage
    } else if let Some(c) = T_ORDER.captures(t) {
        Trigger::GivenOrder {
            order: c[1].to_lowercase(),
        }
    } else if T_ORDER_PHASE.is_match(t) {
        Trigger::StartOfOrderPhase
    } else if T_MOVE.is_match(t) {
        Trigger::EndsMoveByEnemy
    } else {
        Trigger::Other { text: t.into() }
    }
}

static V_RETURN: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^return\s+(up\s+to\s+)?{NUM}\s+downed\s+figures?\s+to\s+(?:an\s+empty\s+slot\s+on\s+)?this\s+unit(\s+or\s+to\s+one\s+friendly\s+unit\s+in\s+contact\s+with\s+it)?$"
    ))
});
static V_DAMAGE: LazyLock<Regex> =
    LazyLock::new(|| re(&format!(r"(?i)^deal\s+{NUM}\s+damage\s+to\s+(.+)$")));
static V_DOWN: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^down\s+{NUM}\s+(?:target\s+)?figures?\s+(?:on|from)\s+(.+)$"
    ))
});
static V_DICE: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:it\s+|this\s+unit\s+)?gains?\s+{NUM}\s+(\w+)\s+(?:die|dice)\s+until\s+(?:the\s+)?end\s+of\s+(?:the\s+)?turn$"
    ))
});
static V_POINTS: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:you\s+)?gain\s+{NUM}\s+(OP|order\s+points?|VP|victory\s+points?)$"
    ))
});
static V_ORDER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:you\s+)?give\s+(one\s+friendly\s+unit\s+in\s+contact\s+with\s+this\s+unit|this\s+unit)\s+a\s+free\s+(.+?)\s+order$",
    )
});
static V_SPEND: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^(?:it\s+|you\s+)?spend\s+{NUM}\s+(?:OP|order\s+points?)\s+to\s+(.+)$"
    ))
});

fn target(words: &str) -> Option<Target> {
    let w = words.trim().to_lowercase();
    let w = w.as_str();
    if w == "this unit" || w == "it" {
        Some(Target::This)
    } else if w == "that unit" {
        Some(Target::Entered)
    } else if w.starts_with("each enemy unit in contact with") {
        Some(Target::EachEnemyInContact)
    } else if w.starts_with("one enemy unit")
        || w.starts_with("an enemy unit")
        || w.starts_with("target enemy unit")
    {
        Some(Target::OneEnemy)
    } else {
        None
    }
}

/// One clause's verb (without "may").
pub fn verb(text: &str) -> Verb {
    let t = text.trim().trim_end_matches('.').trim();
    let other = || Verb::Other { text: t.into() };
    if let Some(c) = V_SPEND.captures(t) {
        return match number(&c[1]) {
            Some(op) => Verb::Spend {
                op,
                then: Box::new(verb(&c[2])),
            },
            None => other(),
        };
    }
    if let Some(c) = V_RETURN.captures(t) {
        if let Some(n) = number(&c[2]) {
            return Verb::Return {
                n,
                up_to: c.get(1).is_some(),
                or_friend: c.get(3).is_some(),
            };
        }
    }
    if let Some(c) = V_DAMAGE.captures(t) {
        if let (Some(n), Some(target)) = (number(&c[1]), target(&c[2])) {
            return Verb::Damage { n, target };
        }
    }
    if let Some(c) = V_DOWN.captures(t) {
        if let (Some(n), Some(target)) = (number(&c[1]), target(&c[2])) {
            return Verb::Down { n, target };
        }
    }
    if let Some(c) = V_DICE.captures(t) {
        if let Some(n) = number(&c[1]) {
            return Verb::Dice {
                n,
                color: c[2].to_lowercase(),
            };
        }
    }
    if let Some(c) = V_POINTS.captures(t) {
        if let Some(n) = number(&c[1]) {
            return if c[2].to_lowercase().starts_with('o') {
                Verb::Op { n }
            } else {
                Verb::Vp { n }
            };
        }
    }
    if let Some(c) = V_ORDER.captures(t) {
        let target = if c[1].to_lowercase() == "this unit" {
            Target::This
        } else {
            Target::OneFriendlyInContact
        };
        return Verb::Order {
            order: c[2].to_lowercase(),
            target,
        };
    }
    other()
}

/// An effect's clauses: its sentences, each split at ", then " and " and then ".
pub fn clauses(effect: &str) -> Vec<Clause> {
    let effect = effect.trim();
    let mut out = Vec::new();
    for sentence in effect.split(". ") {
        for part in sentence
            .split(", then ")
            .flat_map(|p| p.split(" and then "))
        {
            let part = part.trim().trim_end_matches('.').trim();
            if part.is_empty() {
                continue;
            }
            // "may" marks an option; "may not" is a prohibition, read as words.
            let may = grammar::optional_may(part);
            let optional = may.is_some();
            let plain = match may {
                Some(at) => format!("{}{}", &part[..at.start], &part[at.end..]),
                None => part.to_string(),
            };
            out.push(Clause {
                text: part.to_string(),
                optional,
                verb: verb(&plain),
            });
        }
    }
    out
}

static S_PHANTOM: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^(?:this\s+unit's|its)\s+phantom\s+dice\s+are\s+([1-6])s$"));
static S_NO_ORDERS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^enemy\s+units\s+in\s+contact\s+with\s+this\s+unit\s+cannot\s+be\s+given\s+(.+?)\s+orders$",
    )
});
static S_EXTRA: LazyLock<Regex> = LazyLock::new(|| {
    re(&format!(
        r"(?i)^this\s+unit\s+rolls\s+{NUM}\s+additional\s+(\w+)\s+dice\s+when\s+it\s+attacks\s+a\s+unit\s+with\s+{NUM}\s+or\s+more\s+figures$"
    ))
});
static S_WHILE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^((?:while|as long as|if)\s+[^,]+),\s*(.+)$"));

/// A static statement and its leading condition.
pub fn statement(text: &str) -> (Option<Condition>, Statement) {
    let t = text.trim().trim_end_matches('.').trim();
    let (cond, rest) = match S_WHILE.captures(t) {
        Some(c) => (Some(condition(&c[1])), c[2].to_string()),
        None => (None, t.to_string()),
    };
    let st = if let Some(c) = S_PHANTOM.captures(&rest) {
        Statement::PhantomDice {
            face: c[1].parse().unwrap_or(1),
        }
    } else if let Some(c) = S_NO_ORDERS.captures(&rest) {
        Statement::NoOrders {
            order: c[1].to_lowercase(),
        }
    } else if let Some(c) = S_EXTRA.captures(&rest) {
        match (number(&c[1]), number(&c[3])) {
            (Some(n), Some(m)) => Statement::ExtraDice {
                n,
                color: c[2].to_lowercase(),
                against_at_least: m,
            },
            _ => Statement::Other,
        }
    } else {
        Statement::Other
    };
    (cond, st)
}

static READY_NOT_NEEDED: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^this\s+(?:special\s+)?ability\s+(?:need\s+not|does\s+not\s+need\s+to|doesn't\s+need\s+to|does\s+not\s+have\s+to)\s+be\s+ready$|^this\s+(?:special\s+)?ability\s+is\s+active\s+(?:even\s+(?:when|while|if)\s+it\s+is\s+not\s+ready|whether\s+or\s+not\s+it\s+is\s+ready)$",
    )
});
static READY_OWN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^this\s+(?:special\s+)?ability\s+is\s+ready\s+((?:only\s+)?(?:while|as\s+long\s+as|if|when)\s+.+)$",
    )
});

/// Takes the sentences of `effect` that speak of the ability's own readiness out of it:
/// the rest of the effect, and what they say.
pub fn readiness(effect: &str) -> (String, Readiness) {
    let mut found = Readiness::Usual;
    let mut rest: Vec<&str> = Vec::new();
    for sentence in effect.split(". ") {
        let t = sentence.trim().trim_end_matches('.').trim();
        if READY_NOT_NEEDED.is_match(t) {
            found = Readiness::NotNeeded { text: t.into() };
        } else if let Some(c) = READY_OWN.captures(t) {
            found = Readiness::Own {
                text: t.into(),
                condition: condition(&c[1]),
            };
        } else if !t.is_empty() {
            rest.push(t);
        }
    }
    let mut rest = rest.join(". ");
    if !rest.is_empty() && found != Readiness::Usual {
        rest.push('.');
    } else if found == Readiness::Usual {
        rest = effect.to_string();
    }
    (rest, found)
}

/// Reads one ability line (`Name: rules text`) under the `dash_and_trigger` reading. The
/// left of a dash is the grammar's to split ([`grammar::costs_and_restriction`]), so the
/// card page and the engine read one cost list and one restriction.
pub fn read(line: &str, reading: DashAndTrigger) -> Ability {
    let parsed: ArcaneAbility = grammar::parse_line(line);
    let name = parsed
        .name
        .clone()
        .unwrap_or_else(|| line.chars().take(40).collect());
    let body = match line.split_once(':') {
        Some((_, rest)) if parsed.name.is_some() => rest.trim().to_string(),
        _ => line.trim().to_string(),
    };
    let dash_and_trigger = parsed.kind == ArcaneKind::Activated && grammar::begins_trigger(&body);
    let (effect, readiness) = readiness(&parsed.effect);
    let mut a = Ability {
        name,
        text: line.trim().to_string(),
        kind: match parsed.kind {
            ArcaneKind::Activated => Kind::Activated,
            ArcaneKind::Triggered => Kind::Triggered,
            ArcaneKind::Static => Kind::Static,
        },
        dash_and_trigger,
        costs: Vec::new(),
        restriction: None,
        trigger: None,
        clauses: Vec::new(),
        condition: None,
        statement: Statement::Other,
        reminder: parsed.reminder.clone(),
        readiness,
        slots: Vec::new(),
    };
    match parsed.kind {
        ArcaneKind::Activated => {
            if dash_and_trigger && reading == DashAndTrigger::TriggeredWithCost {
                // The leading When clause (the grammar's restriction) is the trigger;
                // the costs are the costs.
                a.kind = Kind::Triggered;
                a.trigger = parsed.restriction.as_deref().map(trigger);
            } else {
                a.restriction = parsed.restriction.as_deref().map(condition);
            }
            a.costs = parsed.costs.iter().map(|c| cost(c)).collect();
            a.clauses = clauses(&effect);
        }
        ArcaneKind::Triggered => {
            a.trigger = parsed.condition.as_deref().map(trigger);
            a.clauses = clauses(&effect);
        }
        ArcaneKind::Static => {
            let (c, s) = statement(&effect);
            a.condition = c;
            a.statement = s;
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_words_are_read() {
        let a = read("Fireburst: 1 OP, down one figure from this unit -- Deal 2 damage to one enemy unit within 6 inches.", DashAndTrigger::Activated);
        assert_eq!(a.costs, [Cost::Op { n: 1 }, Cost::Down { n: 1 }]);
        assert_eq!(
            a.clauses[0].verb,
            Verb::Damage {
                n: 2,
                target: Target::OneEnemy
            }
        );
        let a = read("Lord of the Dead: 1 OP, if this unit is undead -- Return one downed figure to an empty slot on this unit.", DashAndTrigger::Activated);
        assert_eq!(
            a.restriction,
            Some(Condition::Is {
                what: "undead".into(),
                negated: false
            })
        );
        let a = read("Death Cloud: Whenever a figure is downed from this unit, deal 1 damage to each enemy unit in contact with it.", DashAndTrigger::Activated);
        assert_eq!(a.trigger, Some(Trigger::FigureDowned));
        assert_eq!(
            a.clauses[0].verb,
            Verb::Damage {
                n: 1,
                target: Target::EachEnemyInContact
            }
        );
        let a = read("Whenever this unit is given a ranged combat order, it may spend one order point to gain 2 blue dice until end of turn.", DashAndTrigger::Activated);
        assert_eq!(
            a.trigger,
            Some(Trigger::GivenOrder {
                order: "ranged combat".into()
            })
        );
        assert!(a.clauses[0].optional);
        assert_eq!(
            a.clauses[0].verb,
            Verb::Spend {
                op: 1,
                then: Box::new(Verb::Dice {
                    n: 2,
                    color: "blue".into()
                })
            }
        );
        let a = read(
            "Nature Magic: While this unit is in woods, its phantom dice are 5s.",
            DashAndTrigger::Activated,
        );
        assert_eq!(
            a.condition,
            Some(Condition::Is {
                what: "in woods".into(),
                negated: false
            })
        );
        assert_eq!(a.statement, Statement::PhantomDice { face: 5 });
        let a = read("Leader of Men: At the start of your order phase, you may give one friendly unit in contact with this unit a free move order.", DashAndTrigger::Activated);
        assert_eq!(a.trigger, Some(Trigger::StartOfOrderPhase));
        assert_eq!(
            a.clauses[0].verb,
            Verb::Order {
                order: "move".into(),
                target: Target::OneFriendlyInContact
            }
        );
    }

    #[test]
    fn dash_and_trigger_both_readings() {
        let text = "Rally: Whenever this unit is given a charge order, 1 OP -- it gains 1 red die until end of turn.";
        let a = read(text, DashAndTrigger::Activated);
        assert_eq!(a.kind, Kind::Activated);
        assert_eq!(a.costs, [Cost::Op { n: 1 }]);
        assert!(matches!(a.restriction, Some(Condition::Other { .. })));
        let a = read(text, DashAndTrigger::TriggeredWithCost);
        assert_eq!(a.kind, Kind::Triggered);
        assert_eq!(
            a.trigger,
            Some(Trigger::GivenOrder {
                order: "charge".into()
            })
        );
        assert_eq!(a.costs, [Cost::Op { n: 1 }]);
    }

    /// "spend 1 OP to …" nests the verb it pays for (read, played, cloned and dropped
    /// recursively): an ability at the position's cap of `caps::TEXT` characters nests at
    /// most 28 deep, read, compared, cloned and dropped here on a 2 MiB stack.
    #[test]
    fn nested_verbs_are_bounded_by_the_text_cap() {
        use super::super::format::caps;
        let spend = "spend 1 OP to ";
        let tail = "deal 1 damage to one enemy unit.";
        let n = (caps::TEXT - tail.len()) / spend.len();
        let text = format!("{}{tail}", spend.repeat(n));
        assert!(text.chars().count() <= caps::TEXT && n >= 26, "{n}");
        let depth = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let v = verb(&text);
                assert_eq!(v.clone(), v);
                let mut depth = 0;
                let mut at = &v;
                while let Verb::Spend { then, .. } = at {
                    depth += 1;
                    at = then;
                }
                assert!(matches!(at, Verb::Damage { .. }), "{at:?}");
                depth
            })
            .expect("thread starts")
            .join()
            .expect("no stack overflow");
        assert_eq!(depth, n);
    }
}
