//! A ruling's position: read by its game (a bare position, a test fixture or a saved
//! state), written back as the game's canonical JSON and named by its permalink hash, so
//! a ruling's "step through it" opens the same page as any stored position.

use serde::de::DeserializeOwned;

use crate::games::arcane::Arcane;
use crate::games::battleline::Battleline;
use crate::games::karth::Karth;
use crate::games::keyforge::Keyforge;
use crate::games::swtcg::Swtcg;
use crate::games::GameId;
use crate::rules::position::PositionError;
use crate::rules::Game;

/// A ruling's position as its game reads it (a bare position, a fixture or a saved
/// state; readings included): its game, its canonical JSON (compact serde output of the
/// typed value, as the step pages store it) and the permalink hash that names it.
pub fn ruling_position(json: &str) -> Result<(GameId, String, String), PositionError> {
    fn read<G: Game>(json: &str) -> Result<String, PositionError>
    where
        G::Position: DeserializeOwned,
    {
        let (position, _) = crate::rules::position::read_opened::<G>(json)
            .map_err(|mut errors| errors.swap_remove(0))?;
        serde_json::to_string(&position)
            .map_err(|e| PositionError::at("", format!("the position does not write back: {e}")))
    }
    let game = crate::games::which(json)?;
    let canonical = match game {
        GameId::Battleline => read::<Battleline>(json),
        GameId::Swtcg => read::<Swtcg>(json),
        GameId::Keyforge => read::<Keyforge>(json),
        GameId::Arcane => read::<Arcane>(json),
        GameId::Karth => read::<Karth>(json),
    }?;
    let hash = crate::permalinks::hash(&canonical);
    Ok((game, canonical, hash))
}
