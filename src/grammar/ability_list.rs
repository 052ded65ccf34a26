//! The catalogue's `abilities` column: `;`-separated keyword references with an optional
//! value, `Armor 2; Fury; Heal 1`.
//!
//! This parser only splits and reads numbers; whether a name is a keyword of the game is
//! the importer's business. Offsets are in characters from the start of the field, so an
//! error can point at the exact item.

/// One item of an ability list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbilityItem {
    /// The keyword name as written, trimmed.
    pub name: String,
    /// The trailing whole number, if any.
    pub value: Option<i64>,
    /// Character offset of the item's first character within the field.
    pub offset: usize,
}

/// Why an item could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemError {
    /// Character offset within the field.
    pub offset: usize,
    pub message: String,
}

/// Splits an ability list into items; empty items (`Fury;;`) are skipped.
pub fn parse(field: &str) -> Result<Vec<AbilityItem>, ItemError> {
    let mut items = Vec::new();
    let mut start_chars = 0usize;
    for piece in field.split(';') {
        let leading = piece.chars().take_while(|c| c.is_whitespace()).count();
        let item = piece.trim();
        let offset = start_chars + leading;
        start_chars += piece.chars().count() + 1;
        if item.is_empty() {
            continue;
        }
        let (name, value) = match item.rsplit_once(char::is_whitespace) {
            Some((name, last)) if looks_numeric(last) => {
                let value = last
                    .parse::<i64>()
                    .ok()
                    .filter(|v| *v >= 0)
                    .ok_or_else(|| {
                        let at = offset + item.chars().count() - last.chars().count();
                        ItemError {
                            offset: at,
                            message: format!(
                                "`{last}` is not a value: expected a whole number from 0 to {}",
                                i64::MAX
                            ),
                        }
                    })?;
                (name.trim_end(), Some(value))
            }
            _ if looks_numeric(item) => {
                return Err(ItemError {
                    offset,
                    message: format!("`{item}` has a value but no keyword name"),
                })
            }
            _ => (item, None),
        };
        items.push(AbilityItem {
            name: name.to_string(),
            value,
            offset,
        });
    }
    Ok(items)
}

fn looks_numeric(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    s.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_values_and_offsets() {
        let items = parse("Armor 2; Fury;  Heal 1;;").unwrap();
        let got: Vec<_> = items
            .iter()
            .map(|i| (i.name.as_str(), i.value, i.offset))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Armor", Some(2), 0),
                ("Fury", None, 9),
                ("Heal", Some(1), 16)
            ]
        );
        assert_eq!(parse("Critical Hit 2").unwrap()[0].name, "Critical Hit");
        assert!(parse("").unwrap().is_empty());
    }

    #[test]
    fn bad_values_point_at_the_number() {
        let e = parse("Fury; Armor -2").unwrap_err();
        assert_eq!(e.offset, 12);
        assert!(parse("Armor 99999999999999999999").is_err());
        let e = parse("Fury; 3").unwrap_err();
        assert_eq!(e.offset, 6);
        assert!(e.message.contains("no keyword name"));
    }
}
