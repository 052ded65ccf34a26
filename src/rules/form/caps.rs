//! How much of a refused submission's problems is shown: a few at each field and a few
//! dozen in all, each message cut to a length, the rest counted ("and N more"), so the
//! answer stays small whatever was posted. Which problems there are is the forms'.

use super::FieldError;
use std::collections::HashMap;

/// The most problems a refused submission shows at one field; the rest are counted in
/// an "and N more" at the field.
pub const ERRORS_PER_FIELD: usize = 5;
/// The most problems a refused submission shows in all; the rest are counted in an
/// "and N more" above the form.
pub const MAX_ERRORS: usize = 40;
/// The most characters of one problem's message shown (a message quoting a huge value
/// is cut, with `…`).
pub const MESSAGE_CHARS: usize = 300;

/// `errors` as a refused submission shows them: at most [`ERRORS_PER_FIELD`] at a field
/// and [`MAX_ERRORS`] in all, in order, each message at most [`MESSAGE_CHARS`]
/// characters; what is left out is counted ("… and 12 more problems at this field",
/// "… and 3,004 more problems"), so the answer stays small whatever was posted.
pub fn cap_errors(errors: Vec<FieldError>) -> Vec<FieldError> {
    let mut kept: Vec<FieldError> = Vec::new();
    let mut at_field: HashMap<String, (usize, usize)> = HashMap::new();
    let mut more = 0usize;
    for mut e in errors {
        let count = e.field.as_ref().map(|f| {
            let c = at_field.entry(f.clone()).or_default();
            c.0 += 1;
            c
        });
        match count {
            Some(c) if c.0 > ERRORS_PER_FIELD => c.1 += 1,
            _ if kept.len() >= MAX_ERRORS => more += 1,
            _ => {
                e.message = shorten(&e.message);
                kept.push(e);
            }
        }
    }
    let mut out = Vec::with_capacity(kept.len() + 8);
    let mut told: std::collections::HashSet<String> = std::collections::HashSet::new();
    // Each field's "and N more" after its last problem shown.
    for (i, e) in kept.iter().enumerate() {
        out.push(e.clone());
        let Some(field) = &e.field else { continue };
        let last = !kept[i + 1..]
            .iter()
            .any(|l| l.field.as_ref() == Some(field));
        let over = at_field.get(field).map_or(0, |c| c.1);
        if last && over > 0 && told.insert(field.clone()) {
            out.push(FieldError::at(
                field.clone(),
                format!("… and {} more at this field", crate::text::thousands(over)),
            ));
        }
    }
    // A field whose shown problems all fell to the total cap is counted in the total.
    more += at_field
        .iter()
        .filter(|(f, _)| !told.contains(*f))
        .map(|(_, c)| c.1)
        .sum::<usize>();
    if more > 0 {
        out.push(FieldError::general(format!(
            "… and {} more problems (the first {MAX_ERRORS} are shown)",
            crate::text::thousands(more)
        )));
    }
    out
}

/// `message`, cut to [`MESSAGE_CHARS`] characters with `…`.
fn shorten(message: &str) -> String {
    match message.char_indices().nth(MESSAGE_CHARS) {
        Some((at, _)) => format!("{}…", &message[..at]),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_capped_per_field_and_in_all_and_the_rest_counted() {
        let mut errors: Vec<FieldError> = (0..3000)
            .map(|i| FieldError::at("p0_s1_abilities", format!("unknown ability {i}")))
            .collect();
        errors.push(FieldError::at("seed", "x".repeat(5000)));
        errors.extend((0..100).map(|i| FieldError::at(format!("f{i}"), "bad")));
        let capped = cap_errors(errors);
        let at = |f: &str| {
            capped
                .iter()
                .filter(|e| e.field.as_deref() == Some(f))
                .map(|e| e.message.as_str())
                .collect::<Vec<_>>()
        };
        let abilities = at("p0_s1_abilities");
        assert_eq!(abilities.len(), ERRORS_PER_FIELD + 1, "{abilities:?}");
        assert_eq!(abilities[5], "… and 2,995 more at this field");
        assert_eq!(at("seed")[0].chars().count(), MESSAGE_CHARS + 1);
        // 5 + 1 (seed) + 34 single problems shown: 66 fields' problems counted.
        let last = capped.last().unwrap();
        assert_eq!(last.field, None);
        assert_eq!(
            last.message,
            "… and 66 more problems (the first 40 are shown)"
        );
        assert_eq!(capped.len(), MAX_ERRORS + 2);
        // A few problems are left as they are.
        let few = vec![FieldError::at("a", "1"), FieldError::general("2")];
        assert_eq!(cap_errors(few.clone()), few);
    }
}
