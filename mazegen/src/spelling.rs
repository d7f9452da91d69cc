//! Names a user may have misspelled: the known names close to what was typed, for a "did you
//! mean" (`kruscal` for `kruskal`, `qiut` for `quit`).

/// Of `names`, those close to `typed` (compared lowercase): within two edits of it, or holding
/// it whole when it has three characters or more.
pub fn close_names<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let typed = typed.trim().to_lowercase();
    names
        .into_iter()
        .filter(|name| {
            (typed.chars().count() >= 3 && name.contains(typed.as_str()))
                || distance(&typed, name) <= 2
        })
        .collect()
}

/// The Levenshtein distance between `a` and `b`: the fewest characters to insert, delete or
/// replace to make one the other.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substituted = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_edits() {
        assert_eq!(distance("quit", "quit"), 0);
        assert_eq!(distance("qiut", "quit"), 2);
        assert_eq!(distance("sav", "save"), 1);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn close_names_are_a_few_edits_away_or_contain_what_was_typed() {
        let names = ["kruskal", "prim", "wilson", "toggle-pause"];
        assert_eq!(close_names("kruscal", names), ["kruskal"]);
        assert_eq!(close_names("PRIMS", names), ["prim"]);
        assert_eq!(close_names("pause", names), ["toggle-pause"]);
        assert_eq!(close_names("zzzzzz", names), Vec::<&str>::new());
    }
}
