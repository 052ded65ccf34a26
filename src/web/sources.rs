//! The source documents as a player knows them: each file name the data cites (a seed
//! file such as `002_3662751f32a442dc.txt`, or `reference/karth-deck-building.md`) as the
//! title of the document it is ("Star Wars TCG keyword sheet"). Pages show the title; the
//! JSON twins keep the file name beside it (`source`, `source_title`).

/// Titles of the bundled data's documents: the seed number a file name starts with (or
/// the file's whole name), and the document's title.
const TITLES: &[(&str, &str)] = &[
    ("000", "Battleline ability reference"),
    ("001", "Heroes of Karth rulebook, section 5"),
    ("002", "Star Wars TCG keyword sheet"),
    ("003", "KeyForge ability types"),
    ("004", "Arcane Legions special ability types"),
    (
        "reference/karth-deck-building.md",
        "Heroes of Karth rulebook, section 3: deck building",
    ),
];

/// The title of the document `file`: a known seed or reference by its title; any other
/// file by its name without a content hash or extension (`rules_2024.txt` → `rules_2024`).
pub fn title(file: &str) -> String {
    let name = file.trim();
    if let Some((_, t)) = TITLES.iter().find(|(k, _)| *k == name) {
        return (*t).to_string();
    }
    let stem = name.rsplit('/').next().unwrap_or(name);
    let stem = stem.rsplit_once('.').map_or(stem, |(s, _)| s);
    // `NNN_<16 hex digits>`: a seed file, named by its number and content hash.
    if let Some((number, hash)) = stem.split_once('_') {
        let seed = number.len() == 3 && number.bytes().all(|b| b.is_ascii_digit());
        let hashed = hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit());
        if seed && hashed {
            return TITLES.iter().find(|(k, _)| *k == number).map_or_else(
                || format!("source document {number}"),
                |(_, t)| (*t).to_string(),
            );
        }
    }
    stem.to_string()
}

/// A citation of `file` at `section` (`Star Wars TCG keyword sheet, Ancient Seers`): the
/// title, and the section when there is one and the title does not already name it.
pub fn cite(file: &str, section: &str) -> String {
    let t = title(file);
    let section = section.trim();
    if section.is_empty() || t.ends_with(&format!("section {section}")) {
        t
    } else {
        format!("{t}, {section}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_not_hashes() {
        assert_eq!(
            title("002_3662751f32a442dc.txt"),
            "Star Wars TCG keyword sheet"
        );
        assert_eq!(
            title("001_b5ab1aa57a96fa62.txt"),
            "Heroes of Karth rulebook, section 5"
        );
        assert_eq!(
            title("reference/karth-deck-building.md"),
            "Heroes of Karth rulebook, section 3: deck building"
        );
        assert_eq!(title("009_0123456789abcdef.txt"), "source document 009");
        assert_eq!(title("house/rules_2024.txt"), "rules_2024");
        assert_eq!(title(""), "");
        assert_eq!(
            cite("002_3662751f32a442dc.txt", "Ancient Seers"),
            "Star Wars TCG keyword sheet, Ancient Seers"
        );
        assert_eq!(
            cite("002_3662751f32a442dc.txt", ""),
            "Star Wars TCG keyword sheet"
        );
    }
}
