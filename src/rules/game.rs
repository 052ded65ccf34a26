//! The [`Game`] trait every game system implements, and the one recorder and replayer
//! built on it: the step log ([`Recorder`], [`play_out`]) the CLI prints and the API
//! streams, and the [`Replay`] every step-through page reads.
//!
//! A game supplies its position format, its state, its changes, a pure `advance`, its
//! interpretations and citations; the core supplies everything else. The core never
//! names a game.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::chance::ChanceInfo;
use super::cite::{Citation, Rule, Sentences};
use super::interpret::Readings;
use super::position::PositionError;

/// One event: what changed, and the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event<C> {
    pub change: C,
    /// The cited sentence, and any house rule or reading that settled what it leaves open.
    pub cite: Rule,
}

/// A game system on the core.
pub trait Game: Sized + 'static {
    /// The slug in a position's `game` field.
    const ID: &'static str;
    /// The game's name for pages.
    const NAME: &'static str;
    /// The number of the seed its rules come from (`000`).
    const SEED: &'static str;
    /// Where its house rules and interpretations are written (`docs/rules/<game>.md`).
    const RULES_DOC: &'static str;
    /// Whether the game has chance at all (a game of legality alone, such as Karth's
    /// §5, has none): without it, the step page shows no "odds from here".
    const HAS_CHANCE: bool = true;

    /// The judge's input and the engine's output (serde; errors located by JSON path).
    type Position: Serialize + DeserializeOwned + Clone + std::fmt::Debug + Send + 'static;
    /// A resolved state: cheap to clone, with the random generator inside.
    type State: Clone + Send + 'static;
    /// One structured change to the state.
    type Change: Serialize + Clone + std::fmt::Debug + Send + 'static;
    /// Where the game looks names up (the catalogue adapter implements it).
    type Cards<'a>: ?Sized;
    /// The phase a step ends in.
    type Phase: Serialize + Copy + std::fmt::Debug + Send + 'static;
    /// How adjudication ended.
    type Outcome: Serialize + Clone + std::fmt::Debug + Send + 'static;
    /// The game's interpretations.
    type Readings: Readings + Serialize + DeserializeOwned + Send + 'static;
    /// A state's key for memoising exact odds (`()` and [`Game::memo_key`] `None` when
    /// the game supplies none).
    type MemoKey: std::hash::Hash + Eq;

    /// Reads and bounds a position's text; errors give the JSON path, line and column.
    fn read_position(text: &str) -> Result<Self::Position, PositionError>;
    /// [`Game::read_position`] with every problem at once, each at its JSON path, line and
    /// column, in the order of the text (a syntax error is the only one: the reading stops
    /// there). A game reading its position with [`super::position::parse_json`] reads it
    /// here with [`super::position::parse_json_all`].
    fn read_position_all(text: &str) -> Result<Self::Position, Vec<PositionError>> {
        Self::read_position(text).map_err(|e| vec![e])
    }
    /// Checks every name against `cards` and builds the starting state; every problem at
    /// once, each with its JSON path.
    fn resolve(
        position: &Self::Position,
        cards: &Self::Cards<'_>,
    ) -> Result<Self::State, Vec<PositionError>>;
    /// The state written back as a position.
    fn to_position(state: &Self::State) -> Self::Position;
    /// The interpretations a position takes.
    fn readings(position: &Self::Position) -> &Self::Readings;
    /// The same position under other readings.
    fn with_readings(position: &Self::Position, readings: Self::Readings) -> Self::Position;

    /// Plays one step (pure in the state: the same state always gives the same events).
    fn advance(state: &mut Self::State) -> Vec<Event<Self::Change>>;
    fn is_over(state: &Self::State) -> bool;
    /// How it ended (the step bound when not over).
    fn outcome(state: &Self::State) -> Self::Outcome;
    /// The step count, turn and phase, after a step.
    fn clock(state: &Self::State) -> (u32, u32, Self::Phase);
    fn phase_label(phase: Self::Phase) -> &'static str;
    /// The sentence for the log.
    fn describe(state: &Self::State, event: &Event<Self::Change>) -> String;

    /// The closing lines of the text log: how it ended and the final board.
    fn summary(final_position: &Self::Position, outcome: &Self::Outcome) -> String;
    /// Applies the command line's overrides (`--seed`, `--turns`) to a position.
    fn configure(position: &mut Self::Position, play: &PlayConfig);
    /// Whether the position pins any outcome (a chance's or a decision's): only then can
    /// play stop because of the position itself.
    fn pins_any(position: &Self::Position) -> bool;
    /// When play stopped because of the position itself (a pin naming no option), the
    /// JSON path of the pins at fault (`choices`, `decisions`).
    fn stopped_by_input(outcome: &Self::Outcome) -> Option<&'static str>;

    /// The board of `state`, for the step-through pages.
    fn board(state: &Self::State) -> super::view::Board;
    /// The board of `state` as a grid of spaces, for games played on one (default:
    /// none; the rows alone show the board).
    fn grid(_state: &Self::State) -> Option<super::view::Grid> {
        None
    }
    /// The dice on the table in `state`, drawn as die faces (default: none).
    fn dice(_state: &Self::State) -> Option<super::view::DiceTray> {
        None
    }
    /// The steps of what is being played (an attack's) with the one just played
    /// (default: none).
    fn timeline(_state: &Self::State) -> Option<super::view::Timeline> {
        None
    }
    /// The rows of cards of `state` as they sit on the table (battlelines), drawn as
    /// SVG with turned cards sideways (default: none; the rows alone show the board).
    fn card_lines(_state: &Self::State) -> Vec<super::view::CardLine> {
        Vec::new()
    }
    /// The chance panel of `change` if it records a chance node, its outcomes named as
    /// `state` names them.
    fn chance_panel(state: &Self::State, change: &Self::Change)
        -> Option<super::view::ChancePanel>;
    /// `position` with chance node `chance` pinned to the outcome a judge posted (`pin`,
    /// as a [`super::view::Candidate`] gives it); a pin the game cannot read is an error
    /// in words.
    fn pin_in_position(
        position: &Self::Position,
        chance: u32,
        pin: &str,
    ) -> Result<Self::Position, String>;
    /// The builder's form showing `values` (what [`Game::form_values`] gives for a
    /// position, or what a judge submitted), as plain data the web lays out; `None`
    /// (the default) when the game has no form yet, and its positions are pasted as JSON.
    ///
    /// How a game adds its form (`src/games/<game>/form.rs`, depending only on the core):
    /// 1. `builder_form` builds a [`super::form::Form`]: its `sections` of `fields`
    ///    ([`super::form::Field::text`], `::number`, `::listed` for a name list, `::new`
    ///    with a [`super::form::Kind`]), repeatable `groups` (a card per slot or unit,
    ///    `summary` fields naming it, empty ones folded) and [`super::form::readings_section`]
    ///    for its interpretations; each field's value `.from(values)`. Field names are the
    ///    game's own and must be stable: the names of the empty form are the only ones a
    ///    submission may carry.
    /// 2. [`Game::form_values`] writes a position as those fields (and notes what the form
    ///    cannot show); [`Game::from_form`] reads them back, every problem at once, each at
    ///    its field in words (`Alice, slot 2: …`); position → values → position is the
    ///    identity for every position the form can show (a unit test each way).
    /// 3. [`Game::form_error`] puts an error of [`Game::resolve`] (a JSON path) at the field
    ///    it came from, in the form's words.
    /// 4. Name lists from the catalogue are [`super::form::Source::Cards`] (a kind the
    ///    catalogue adapter, `src/adjudicate.rs`, answers in `CatalogueGame::names`) or
    ///    [`super::form::Source::Keywords`].
    ///
    /// 5. Nothing in the web names a game's fields: once the game is in the registry
    ///    (`games::GameId`, the web's `for_game!`, the adapter's `CatalogueGame`), its
    ///    form is at `/adjudicate?game=<slug>`, with its JSON twin, `?from=HASH`, located
    ///    errors and pasted JSON. `src/games/swtcg/form.rs` is the model to copy.
    fn builder_form(_values: &super::form::FormFields) -> Option<super::form::Form> {
        None
    }
    /// The form's values for `position` (`None`: a new position's defaults), and notes
    /// on what the form cannot show of it.
    fn form_values(_position: Option<&Self::Position>) -> (super::form::FormFields, Vec<String>) {
        Default::default()
    }
    /// The position a submission of the form describes, or every problem with its
    /// fields, each at its field and in words.
    fn from_form(
        _values: &super::form::FormFields,
    ) -> Result<Self::Position, Vec<super::form::FieldError>> {
        Err(vec![super::form::FieldError::general(format!(
            "{} has no builder form yet; paste the position's JSON",
            Self::NAME
        ))])
    }
    /// The position a submission describes as far as its fields read (a field that does
    /// not read left at its default), and every problem with its fields: so the builder
    /// can also resolve what did read, and show every problem of a submission at once
    /// (issue #31). By default, [`Game::from_form`]'s answer.
    fn from_form_partial(
        values: &super::form::FormFields,
    ) -> (Option<Self::Position>, Vec<super::form::FieldError>) {
        match Self::from_form(values) {
            Ok(p) => (Some(p), Vec::new()),
            Err(errors) => (None, errors),
        }
    }
    /// Where error `error` (of the position built from `values`) belongs on the form, in
    /// the form's words; by default above the form, with its JSON path.
    fn form_error(
        _values: &super::form::FormFields,
        error: &PositionError,
    ) -> super::form::FieldError {
        super::form::FieldError::general(error.to_string())
    }
    /// The decision panel of `change` if it records a decision (games without decisions
    /// keep the default: none).
    fn decision_panel(
        _state: &Self::State,
        _change: &Self::Change,
    ) -> Option<super::view::DecisionPanel> {
        None
    }
    /// `position` with decision `decision` pinned to option `option` (1-based).
    fn pin_decision_in_position(
        _position: &Self::Position,
        decision: u32,
        _option: usize,
    ) -> Result<Self::Position, String> {
        Err(format!(
            "{} has no decisions to pin (decision {decision})",
            Self::NAME
        ))
    }
    /// `position` with decision `decision` pinned to option `option`, for a game that
    /// must replay the position (with its cards) to know which decision that is; by
    /// default [`Game::pin_decision_in_position`].
    fn pin_decision_with_cards(
        position: &Self::Position,
        _cards: &Self::Cards<'_>,
        decision: u32,
        option: usize,
    ) -> Result<Self::Position, String> {
        Self::pin_decision_in_position(position, decision, option)
    }
    /// `position` with decision `decision` answered by `text`, the words a judge wrote
    /// in its panel's box (a panel with a [`super::view::WrittenAnswer`]: a ruling's
    /// explicit changes), read by the game's own syntax and checked against the position
    /// and its cards; every problem at once, each at its column where it has one.
    /// Games whose decisions are all choices among options keep the default: an error.
    fn pin_answer_with_cards(
        _position: &Self::Position,
        _cards: &Self::Cards<'_>,
        decision: u32,
        _text: &str,
    ) -> Result<Self::Position, Vec<super::decision::AnswerError>> {
        Err(vec![super::decision::AnswerError::whole(format!(
            "{} has no decision answered in words (decision {decision})",
            Self::NAME
        ))])
    }
    /// `position` with set-picking decision `decision` (a [`super::Selection`]) pinned
    /// to the items `picks` (1-based, at most the decision's `most`), found by replaying
    /// the position with `cards`; by default an error: the game has no such decision.
    fn pin_decision_picks_with_cards(
        _position: &Self::Position,
        _cards: &Self::Cards<'_>,
        decision: u32,
        _picks: &[usize],
    ) -> Result<Self::Position, String> {
        Err(format!(
            "decision {decision} takes one option: post `option`, not `pick`"
        ))
    }
    /// One sentence on how adjudication ended, for pages.
    fn outcome_sentence(state: &Self::State, outcome: &Self::Outcome) -> String;

    /// Every citation the game can make (its seed sentences, published rules and house
    /// rules), for the rules page and the docs tests.
    fn citations() -> Vec<&'static Citation>;

    /// The chance node recorded in `change`, if any.
    fn chance_in(change: &Self::Change) -> Option<ChanceInfo<'_>>;
    /// Pins outcome `index` of chance node `ordinal` in `state` (a state from before the
    /// step whose `events` met that node).
    fn pin_chance(
        state: &mut Self::State,
        ordinal: u32,
        index: usize,
        events: &[Event<Self::Change>],
    );
    /// A ready-made example for each keyword that has one: `(keyword, fixture text)`, a
    /// fixture being `{"about", "cites", "position"}` (keyword pages link to it; none by
    /// default).
    fn examples() -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// The exact odds of the results from `state` by the game's own model, with any
    /// charts of them, or why there are none; `None` (the default) when the game has no
    /// model of its own, and the core enumerates every chance outcome
    /// ([`super::odds::from_state`]).
    fn odds(_state: &Self::State) -> Option<Result<super::view::GameOdds, String>> {
        None
    }
    /// A key equal for states that play out alike, for memoising exact odds.
    fn memo_key(_state: &Self::State) -> Option<Self::MemoKey> {
        None
    }
}

/// Overrides a judge gives on the command line.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayConfig {
    /// The generator's seed.
    pub seed: Option<u64>,
    /// Turns to play (games that count turns).
    pub turns: Option<u32>,
}

/// One event as the log shows it: the sentence, the rule, and the structured change.
#[derive(Debug, Clone, Serialize)]
pub struct LoggedEvent<C> {
    pub text: String,
    /// The cited sentence, and under `citations` every basis.
    pub rule: Rule,
    pub change: C,
}

/// One step of an adjudication, with the position after it.
#[derive(Debug, Clone, Serialize)]
#[serde(bound = "")]
pub struct StepRecord<G: Game> {
    /// 1-based.
    pub n: u32,
    pub turn: u32,
    pub phase: G::Phase,
    pub events: Vec<LoggedEvent<G::Change>>,
    /// The position after this step (absent when not recorded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<G::Position>,
}

/// A whole adjudication: the steps and the final position.
#[derive(Debug, Clone, Serialize)]
#[serde(bound = "")]
pub struct Adjudication<G: Game> {
    pub steps: Vec<StepRecord<G>>,
    #[serde(rename = "final")]
    pub final_position: G::Position,
    pub outcome: G::Outcome,
    /// The first step recorded without its `state` because the states so far reached
    /// [`STATE_BUDGET_BYTES`] (absent when every step has one, or none was asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub states_omitted_from: Option<u32>,
    /// Each further sentence the events rest on, quoted once, by the id their
    /// citations' `sentence_ref` names (absent when no event rests on one).
    #[serde(skip_serializing_if = "Sentences::is_empty")]
    pub sentences: Sentences,
}

/// The most bytes of per-step `state` JSON one adjudication records: about 16 MiB.
///
/// A 64 KiB position can run to a game's step bound; a state after every one of 10,000
/// steps would be some 70 MB of JSON. Past the budget the steps keep their events but
/// not their states, and the answer says from which step (`states_omitted_from`).
pub const STATE_BUDGET_BYTES: usize = 16 << 20;

/// What a recording keeps.
#[derive(Debug, Clone, Copy)]
pub struct RecordConfig {
    /// Record the position after every step (the step-through needs it; a log alone
    /// does not).
    pub states: bool,
}

impl Default for RecordConfig {
    fn default() -> Self {
        RecordConfig { states: true }
    }
}

/// The length of `value`'s compact JSON, counted without building it.
fn json_len(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter cannot fail; a value that does not serialize counts as 0.
    serde_json::to_writer(&mut count, value).map_or(0, |()| count.0)
}

/// Records a game as it is played, one step at a time: the one recorder behind
/// [`play_out`] (which collects the steps) and the API's streamed answer (which writes
/// each as it comes). Per-step states stop once they pass [`STATE_BUDGET_BYTES`].
pub struct Recorder<G: Game> {
    config: RecordConfig,
    state_bytes: usize,
    states_omitted_from: Option<u32>,
    sentences: Sentences,
    _game: std::marker::PhantomData<G>,
}

impl<G: Game> Recorder<G> {
    pub fn new(config: RecordConfig) -> Recorder<G> {
        Recorder {
            config,
            state_bytes: 0,
            states_omitted_from: None,
            sentences: Sentences::default(),
            _game: std::marker::PhantomData,
        }
    }

    /// Plays the next step of `st` and records it; `None` once the game is over, or once
    /// the thread's [`super::budget`] has run out (its setter discards what was recorded).
    pub fn step(&mut self, st: &mut G::State) -> Option<StepRecord<G>> {
        if G::is_over(st) || super::budget::exhausted() {
            return None;
        }
        let events = G::advance(st);
        let logged = log::<G>(st, events);
        for e in &logged {
            self.sentences.note(&e.rule);
        }
        let (n, turn, phase) = G::clock(st);
        let state = if self.config.states && self.states_omitted_from.is_none() {
            let position = G::to_position(st);
            self.state_bytes += json_len(&position);
            if self.state_bytes > STATE_BUDGET_BYTES {
                self.states_omitted_from = Some(n);
                None
            } else {
                Some(position)
            }
        } else {
            None
        };
        Some(StepRecord {
            n,
            turn,
            phase,
            events: logged,
            state,
        })
    }

    /// The step from which per-step states were left out (the budget ran out), if any.
    pub fn states_omitted_from(&self) -> Option<u32> {
        self.states_omitted_from
    }

    /// The further sentences the steps recorded so far rest on (the answer's
    /// `sentences`, written after its steps).
    pub fn sentences(&self) -> &Sentences {
        &self.sentences
    }
}

/// `events` as the log shows them, described against the state after their step.
pub fn log<G: Game>(st: &G::State, events: Vec<Event<G::Change>>) -> Vec<LoggedEvent<G::Change>> {
    events
        .into_iter()
        .map(|e| LoggedEvent {
            text: G::describe(st, &e),
            rule: e.cite,
            change: e.change,
        })
        .collect()
}

/// Plays a resolved state to the end, recording each step.
pub fn play_out<G: Game>(st: &mut G::State, config: RecordConfig) -> Adjudication<G> {
    let mut recorder = Recorder::<G>::new(config);
    let mut steps = Vec::new();
    while let Some(step) = recorder.step(st) {
        steps.push(step);
    }
    Adjudication {
        steps,
        final_position: G::to_position(st),
        outcome: G::outcome(st),
        states_omitted_from: recorder.states_omitted_from(),
        sentences: recorder.sentences,
    }
}

/// Resolves `position` against `cards` and plays it to the end.
pub fn adjudicate<G: Game>(
    position: &G::Position,
    cards: &G::Cards<'_>,
    config: RecordConfig,
) -> Result<Adjudication<G>, Vec<PositionError>> {
    let mut st = G::resolve(position, cards)?;
    Ok(play_out(&mut st, config))
}

/// One step of a [`Replay`], with the state after it.
pub struct Ran<G: Game> {
    pub n: u32,
    pub turn: u32,
    pub phase: G::Phase,
    pub events: Vec<LoggedEvent<G::Change>>,
    pub state: G::State,
}

/// A position played to the end with every state kept, for the step-through pages.
pub struct Replay<G: Game> {
    pub position: G::Position,
    pub start: G::State,
    pub steps: Vec<Ran<G>>,
    pub outcome: G::Outcome,
}

impl<G: Game> Replay<G> {
    /// Resolves and plays `position`, keeping every state (states share their parts).
    /// Play stops early when the thread's [`super::budget`] runs out; its setter discards
    /// the shorter replay.
    pub fn run(
        position: G::Position,
        cards: &G::Cards<'_>,
    ) -> Result<Replay<G>, Vec<PositionError>> {
        let start = G::resolve(&position, cards)?;
        let mut st = start.clone();
        let mut steps = Vec::new();
        while !G::is_over(&st) && !super::budget::exhausted() {
            let events = G::advance(&mut st);
            let (n, turn, phase) = G::clock(&st);
            steps.push(Ran {
                n,
                turn,
                phase,
                events: log::<G>(&st, events),
                state: st.clone(),
            });
        }
        Ok(Replay {
            position,
            start,
            outcome: G::outcome(&st),
            steps,
        })
    }

    /// The state after step `n` (0: the start).
    pub fn state(&self, n: usize) -> &G::State {
        match n.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(ran) => &ran.state,
            None => &self.start,
        }
    }
}

/// The error for an adjudication that stopped at a pin naming no option, located at the
/// pins and in the words of its ending event.
pub fn input_error<G: Game>(adj: &Adjudication<G>) -> Option<PositionError> {
    let path = G::stopped_by_input(&adj.outcome)?;
    Some(PositionError::at(
        path,
        adj.steps
            .last()
            .and_then(|s| s.events.last())
            .map(|e| e.text.clone())
            .unwrap_or_default(),
    ))
}

/// The adjudication as a readable log: each step with its turn and phase, each event
/// with every rule it rests on, then the game's summary.
pub fn log_text<G: Game>(adj: &Adjudication<G>) -> String {
    let mut out = String::new();
    for step in &adj.steps {
        out.push_str(&format!(
            "step {} · turn {} · {}\n",
            step.n,
            step.turn,
            G::phase_label(step.phase)
        ));
        for e in &step.events {
            out.push_str(&format!("  {}\n", e.text));
            out.push_str(&super::cite::log_lines(&e.rule, "      "));
        }
    }
    out.push('\n');
    out.push_str(&G::summary(&adj.final_position, &adj.outcome));
    out
}
