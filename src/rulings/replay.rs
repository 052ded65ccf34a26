//! Whether a ruling's step exists: its position resolved against the catalogue and
//! played up to that step, under a deadline, keeping no state but the current one.
//!
//! Used by the import (`data/rulings.csv`) before a ruling is stored. It leaves out
//! reading the position (`position.rs`) and showing the step (the web's step pages, which
//! replay it again under their own bound).

use std::time::Duration;

use crate::adjudicate::CatalogueGame;
use crate::catalogue::Catalogue;
use crate::games::arcane::Arcane;
use crate::games::battleline::Battleline;
use crate::games::karth::Karth;
use crate::games::keyforge::Keyforge;
use crate::games::swtcg::Swtcg;
use crate::games::GameId;
use crate::rules::budget::Budget;
use crate::rules::position::PositionError;

/// How long one ruling's position may take to reach its step at import.
pub const STEP_CHECK_DEADLINE: Duration = Duration::from_secs(5);

/// How long all of an import's rulings may take to reach their steps together: past it,
/// the rest are reported unchecked, so a file of many hostile positions cannot hold an
/// import for hours.
pub const STEP_CHECKS_DEADLINE: Duration = Duration::from_secs(60);

/// Why a ruling's step cannot be shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The position does not resolve against the catalogue (an unknown card, …).
    #[error("the position does not resolve: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
    Position(Vec<PositionError>),
    /// The game ends before the step.
    #[error("step {asked} does not exist: the position's replay ends after step {last}")]
    Missing { asked: u32, last: u32 },
    /// Reaching the step took longer than the deadline.
    #[error("the position did not reach step {asked} within {limit:?}")]
    TooSlow { asked: u32, limit: Duration },
}

/// Checks that `position` (canonical JSON of `game`) resolves against `catalogue` and
/// that its replay reaches step `step` (0: the start), within `limit`.
pub fn check_step(
    catalogue: &Catalogue,
    game: GameId,
    position: &str,
    step: u32,
    limit: Duration,
) -> Result<(), StepError> {
    let budget = Budget::new(Some(limit));
    budget.enter(|| match game {
        GameId::Battleline => reach::<Battleline>(catalogue, position, step, limit),
        GameId::Swtcg => reach::<Swtcg>(catalogue, position, step, limit),
        GameId::Keyforge => reach::<Keyforge>(catalogue, position, step, limit),
        GameId::Arcane => reach::<Arcane>(catalogue, position, step, limit),
        GameId::Karth => reach::<Karth>(catalogue, position, step, limit),
    })
}

/// Plays `position` of `G` to step `step`, checking the thread's budget each step.
fn reach<G: CatalogueGame>(
    catalogue: &Catalogue,
    position: &str,
    step: u32,
    limit: Duration,
) -> Result<(), StepError> {
    let position: G::Position =
        crate::rules::position::parse_json(position).map_err(|e| StepError::Position(vec![e]))?;
    G::with_cards(catalogue, |cards| {
        let mut state = G::resolve(&position, cards).map_err(StepError::Position)?;
        for done in 0..step {
            if G::is_over(&state) {
                return Err(StepError::Missing {
                    asked: step,
                    last: done,
                });
            }
            if crate::rules::budget::exhausted() {
                return Err(StepError::TooSlow { asked: step, limit });
            }
            G::advance(&mut state);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_found_missing_or_cut_off_by_the_deadline() {
        let data = crate::catalogue::validate(&crate::config::default_data_dir()).unwrap();
        let cat = Catalogue::from_data(data, "t".into());
        let r = cat.rulings().iter().find(|r| r.id == "bl-armor").unwrap();
        let game = GameId::Battleline;
        let long = Duration::from_secs(60);
        assert_eq!(check_step(&cat, game, &r.position, 5, long), Ok(()));
        assert_eq!(
            check_step(&cat, game, &r.position, 6, long),
            Err(StepError::Missing { asked: 6, last: 5 })
        );
        assert_eq!(
            check_step(&cat, game, &r.position, 3, Duration::ZERO),
            Err(StepError::TooSlow {
                asked: 3,
                limit: Duration::ZERO
            })
        );
    }
}
