//! Interpretations: the places where seed 004's words allow two readings, each declared
//! once with its question, the sentence behind it, both readings and its default (the
//! core's [`crate::rules::interpret`] makes the table and the switch). Rule code asks
//! [`Interpretations`] and cites the reading it took; both readings are tested. Where a
//! reading alone decides an event, the event cites the reading itself (its `cite()`, a
//! citation whose source is the interpretation) with the seed sentence beside it
//! (`decides`), so the event's top-level source is the interpretation, not the seed.

pub use crate::rules::interpret::{InterpretationInfo, Reading, Readings};
use crate::rules::{Citation, Rule};

const DOC: &str = super::cite::RULES_DOC;

crate::interpretation!(
    /// Two conflicting statics made ready at the same moment.
    StaticTie: "static_tie" in DOC => {
        question: "Two static abilities at odds were made ready at the same moment: which takes precedence?",
        rule: "Static Abilities",
        sentence: "In general the most recent ability to be made ready is the one that takes precedence.",
        OwnerChooses => "owner_chooses": "Neither is more recent, so the unit's owner chooses: a decision whose default policy takes the one listed first on the unit.",
        ListedLast => "listed_last": "The one listed last on the unit (unit abilities, then the slots in order) counts as the more recent.",
    }
);
crate::interpretation!(
    /// The order of several triggers from one event.
    TriggerOrder: "trigger_order" in DOC => {
        question: "Several abilities trigger from one event: in what order do they resolve?",
        rule: "Triggered Abilities",
        sentence: "A triggered ability only triggers once each time its trigger event occurs.",
        ActivePlayerOrders => "active_player_orders": "The active player orders them: a decision whose default policy is the order the units and their abilities are listed, occurrences in sequence.",
        Listed => "listed" as "In the order listed; nobody chooses": "They resolve in the order the units and their abilities are listed, occurrences in sequence; nobody chooses.",
    }
);
crate::interpretation!(
    /// An activated figure ability whose cost downs the figure that makes it ready.
    CostDownsSource: "cost_downs_source" in DOC => {
        question: "An activated figure ability's cost downs the very figure whose slot makes it ready (Fireburst): does its effect still happen?",
        rule: "Activated Abilities",
        sentence: "In order to get the effect of an activated ability, the cost must be paid.",
        Resolves => "resolves": "Yes: the cost was paid, and readiness is needed to activate, not to resolve (as the seed says of triggers).",
        Fizzles => "fizzles": "No: \"Special abilities are only active while they are ready\", and after paying it is not ready.",
    }
);
crate::interpretation!(
    /// Whether an activation restriction is checked again when the effect resolves.
    RestrictionOnResolution: "restriction_on_resolution" in DOC => {
        question: "Is an activation restriction checked again when the effect resolves, after the costs are paid?",
        rule: "Activated Abilities",
        sentence: "In order for the costs to be paid in the first place the activation restriction must be met.",
        BeforePaying => "before_paying": "No: it is checked once, before paying (\"in the first place\").",
        Again => "again": "Yes: if it no longer holds after paying, the effect does not happen and the costs stay paid.",
    }
);
crate::interpretation!(
    /// Text with both a dash and a leading When/At/Whenever.
    DashAndTrigger: "dash_and_trigger" in DOC => {
        question: "An ability has both a dash \"--\" and a leading When, At or Whenever: activated or triggered?",
        rule: "Activated Abilities",
        sentence: "All activated abilities have a dash \"--\" that separates the cost and activation restrictions (to the left) from the effect (to the right).",
        Activated => "activated": "Activated: the dash decides; the When clause is its activation restriction.",
        TriggeredWithCost => "triggered_with_cost": "Triggered: it triggers on its condition, and what else is left of the dash is a cost the player may pay.",
    }
);
crate::interpretation!(
    /// The scope of a "may" in a later clause.
    MayScope: "may_scope" in DOC => {
        question: "A triggered ability's \"may\" stands in a later clause, not before the effect: what does declining skip?",
        rule: "Triggered Abilities",
        sentence: "(Note that some abilities may be entirely optional, while others may just have optional pieces.)",
        ThatClause => "that_clause": "Only that clause: the ability has an optional piece; the clauses before it happen.",
        WholeAbility => "whole_ability": "The whole ability: it is optional, and declining means \"no part of that ability happens\".",
    }
);

crate::interpretation!(
    /// An activated ability with nothing left of its dash.
    CostlessActivation: "costless_activation" in DOC => {
        question: "An activated ability has no cost left of its dash (\"Free: -- Gain 1 VP.\"): does its effect happen?",
        rule: "Activated Abilities",
        sentence: "Activated abilities require a cost to be paid in order for an effect to happen.",
        SpecialOrderIsTheCost => "special_order_is_the_cost": "Yes: activating it still gives the unit its one Special Order of the turn, and that is what it pays; the log says no cost is written.",
        Refused => "refused": "No: with no cost written none can be paid, so the activation is refused and nothing happens.",
    }
);
crate::interpretation!(
    /// Readiness "when the trigger event occurs": just before the event or once it happened.
    ReadyAtEvent: "ready_at_event" in DOC => {
        question: "An event changes an ability's own readiness (a figure ability whose figure the event downs): is it ready \"when the trigger event occurs\"?",
        rule: "Triggered Abilities",
        sentence: "Triggered abilities need only be ready when the trigger event occurs; they need not be ready when the trigger actually resolves.",
        Before => "before": "Readiness as it stood just before the event: the figure ability sees its own figure's downing and triggers (as the seed's damage example has it trigger on the damage that downs its figure).",
        After => "after": "Readiness once the event has happened: a figure ability whose figure the event downs is not ready then, so it does not trigger.",
    }
);
crate::interpretation!(
    /// "adjacent to" in a trigger condition, against the contact the judge enters.
    Adjacent: "adjacent" in DOC => {
        question: "A trigger says \"adjacent to\" an enemy unit: is that the contact the judge enters (`end_move`)?",
        rule: "Triggered Abilities",
        sentence: "Triggered abilities begin with the word When, At, or Whenever followed by the time or condition under which the ability will trigger, followed by the effect that happens.",
        Contact => "contact": "Yes: adjacent is in contact; ending a move in contact with an enemy unit is its event.",
        NotContact => "not_contact": "No: adjacency is geometry the engine does not see (A1); the ability triggers only when the judge enters its event (`trigger`, A7).",
    }
);
crate::interpretation!(
    /// An em dash as printed cards set it, against the seed's "--".
    EmDash: "em_dash" in DOC => {
        question: "An ability's text has an em dash (\u{2014}, as printed cards set it) where the seed writes \"--\": is it the activated ability's dash?",
        rule: "Activated Abilities",
        sentence: "All activated abilities have a dash \"--\" that separates the cost and activation restrictions (to the left) from the effect (to the right).",
        Dash => "dash": "Yes: the em dash is the printed form of the seed's \"--\"; the ability is read as if written with \"--\".",
        NotADash => "not_a_dash": "No: only \"--\" is the seed's dash; an ability with an em dash alone is read by its other words (triggered or static).",
    }
);

crate::interpretation_set!(
    /// The readings a position takes (`interpretations`); every field optional.
    Interpretations {
        static_tie: StaticTie,
        trigger_order: TriggerOrder,
        cost_downs_source: CostDownsSource,
        restriction_on_resolution: RestrictionOnResolution,
        dash_and_trigger: DashAndTrigger,
        may_scope: MayScope,
        costless_activation: CostlessActivation,
        ready_at_event: ReadyAtEvent,
        adjacent: Adjacent,
        em_dash: EmDash,
    }
);

/// Each reading as a citation of its own (`cite()`), and the rule of an event a reading
/// decides (`decides(seed sentence)`: the reading first, the sentence it reads beside it).
macro_rules! reading_cites {
    ($($t:ident { $a:ident, $b:ident }),* $(,)?) => {
        $(impl $t {
            /// This reading as the rule itself: what it holds, quoted from the table.
            pub const fn cite(self) -> &'static Citation {
                const A: Citation = Citation::interpretation(super::cite::GAME, $t::$a.reading(), $t::INFO.readings[0].1);
                const B: Citation = Citation::interpretation(super::cite::GAME, $t::$b.reading(), $t::INFO.readings[1].1);
                match self {
                    $t::$a => &A,
                    $t::$b => &B,
                }
            }
            /// The rule of an event this reading decides: the reading, then `sentence`.
            pub fn decides(self, sentence: &'static Citation) -> Rule {
                Rule::from(self.cite()).also(sentence)
            }
        })*
        /// Every reading as a citation, for the rules page.
        pub fn citations() -> Vec<&'static Citation> {
            vec![$($t::$a.cite(), $t::$b.cite()),*]
        }
    };
}

reading_cites!(
    StaticTie {
        OwnerChooses,
        ListedLast
    },
    TriggerOrder {
        ActivePlayerOrders,
        Listed
    },
    CostDownsSource { Resolves, Fizzles },
    RestrictionOnResolution {
        BeforePaying,
        Again
    },
    DashAndTrigger {
        Activated,
        TriggeredWithCost
    },
    MayScope {
        ThatClause,
        WholeAbility
    },
    ReadyAtEvent { Before, After },
    Adjacent {
        Contact,
        NotContact
    },
    EmDash { Dash, NotADash },
    CostlessActivation {
        SpecialOrderIsTheCost,
        Refused
    },
);

/// Every interpretation, for the docs and the rules page.
pub const INTERPRETATIONS: &[InterpretationInfo] = <Interpretations as Readings>::TABLE;
