//! HCL's "Did you mean …?": the name suggested for a misspelt keyword, argument or block type.

/// The first of `candidates`, in the order given (a schema's order), fewer than three edits
/// (characters inserted, deleted or replaced) away from `given`: HCL takes the first such name,
/// not the nearest.
pub fn name_suggestion<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .find(|candidate| edit_distance(given, candidate) < 3)
}

/// The Levenshtein distance between two texts, counted in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // One row of the table at a time: `row[j]` is the distance from the part of `a` read so far
    // to the first `j` characters of `b`.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replace = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = replace.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_characters() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("typ", "type"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("typé", "type"), 1);
        assert_eq!(edit_distance("nullabel", "nullable"), 2);
    }

    #[test]
    fn the_first_close_name_is_suggested_not_the_nearest() {
        // `emoved` is one edit from both; Terraform's top-level schema lists `moved` first.
        assert_eq!(
            name_suggestion("emoved", ["moved", "removed"]),
            Some("moved")
        );
        assert_eq!(
            name_suggestion("varible", ["module", "variable"]),
            Some("variable")
        );
        assert_eq!(name_suggestion("foo", ["variable", "locals"]), None);
    }
}
