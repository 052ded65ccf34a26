//! Compact text syntaxes of the Heroes of Karth form, each a parse/print pair: a space `row,column` and a battlefield space `Terrain@owner+wall+web`.

use super::*;

/// A space written `row,column` (a space or `:` also separates them).
pub(super) fn parse_cell(s: &str) -> Option<Cell> {
    let mut parts = s
        .split([',', ' ', ':'])
        .map(str::trim)
        .filter(|x| !x.is_empty());
    let row = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some([row, col])
}

pub(super) fn write_cell(c: Cell) -> String {
    format!("{},{}", c[0], c[1])
}

/// One battlefield space as written on the board field: `Spawner@Ann+wall`.
pub(super) fn parse_space(s: &str) -> Result<CellSpec, String> {
    let mut parts = s.split('+').map(str::trim);
    let head = parts.next().unwrap_or_default();
    let (terrain, owner) = match head.split_once('@') {
        Some((t, o)) => (t.trim(), Some(o.trim().to_string())),
        None => (head, None),
    };
    if terrain.is_empty() {
        return Err(format!("{s:?} names no terrain"));
    }
    if owner.as_deref() == Some("") {
        return Err(format!("{s:?}: a player's name is needed after @"));
    }
    let mut spec = CellSpec {
        terrain: terrain.to_string(),
        owner,
        wall: false,
        web: false,
    };
    for flag in parts {
        match flag.to_ascii_lowercase().as_str() {
            "wall" => spec.wall = true,
            "web" => spec.web = true,
            other => {
                return Err(format!(
                    "{s:?}: {other:?} is not wall or web (what can lie on a space)"
                ))
            }
        }
    }
    Ok(spec)
}

pub(super) fn write_space(c: &CellSpec) -> String {
    let mut s = c.terrain.clone();
    if let Some(o) = &c.owner {
        s.push('@');
        s.push_str(o);
    }
    if c.wall {
        s.push_str("+wall");
    }
    if c.web {
        s.push_str("+web");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_cells_read_and_write_back() {
        let c = parse_space("Spawner@Ann+wall+web").unwrap();
        assert_eq!(c.terrain, "Spawner");
        assert_eq!(c.owner.as_deref(), Some("Ann"));
        assert!(c.wall && c.web);
        assert_eq!(write_space(&c), "Spawner@Ann+wall+web");
        assert!(parse_space("Forest+moat")
            .unwrap_err()
            .contains("not wall or web"));
        assert!(parse_space("@Ann").is_err());
        assert_eq!(parse_cell(" 3 , 2 "), Some([3, 2]));
        assert_eq!(parse_cell("3"), None);
        assert_eq!(parse_cell("3,2,1"), None);
    }
}
