//! Turning toml's byte offsets into what a user can find in their file: a line and a key.

use toml::de::{DeTable, DeValue};

/// The 1-based line holding byte `offset` of `text` (offsets past the end count as the last line).
pub(crate) fn line_at(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    1 + text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// The dotted key (`colors.walls`) whose name or value covers byte `offset` of `text`, or `None`
/// when the text is not valid TOML or the offset is outside every entry.
///
/// toml's deserialization errors do not expose the key path, only a span, so the document is
/// parsed again and searched. A `[colors]` header's table spans only the header, not the entries
/// below it, so every table is searched, not just the ones that contain the offset.
pub(crate) fn key_at(text: &str, offset: usize) -> Option<String> {
    let document = DeTable::parse(text).ok()?;
    let mut path = Vec::new();
    search(document.get_ref(), offset, &mut path).then(|| path.join("."))
}

/// Leaves in `path` the deepest key covering `offset`, returning whether there is one.
fn search(table: &DeTable<'_>, offset: usize, path: &mut Vec<String>) -> bool {
    for (key, value) in table.iter() {
        path.push(key.get_ref().to_string());
        let inside = match value.get_ref() {
            DeValue::Table(inner) => search(inner, offset, path),
            _ => false,
        };
        if inside || key.span().contains(&offset) || value.span().contains(&offset) {
            return true;
        }
        path.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_one_based() {
        let text = "a = 1\nb = 2\n";
        assert_eq!(line_at(text, 0), 1);
        assert_eq!(line_at(text, 5), 1);
        assert_eq!(line_at(text, 6), 2);
        assert_eq!(line_at(text, 12), 3);
        assert_eq!(line_at(text, 999), 3);
    }

    #[test]
    fn finds_keys_under_a_header_in_dotted_keys_and_in_inline_tables() {
        let text = "description = \"x\"\n[colors]\nwalls = \"white\"\n";
        assert_eq!(key_at(text, 2).as_deref(), Some("description"));
        assert_eq!(key_at(text, 15).as_deref(), Some("description"));
        assert_eq!(key_at(text, 20).as_deref(), Some("colors"));
        assert_eq!(key_at(text, 28).as_deref(), Some("colors.walls"));
        assert_eq!(key_at(text, 36).as_deref(), Some("colors.walls"));

        let dotted = "colors.walls = \"white\"\n";
        assert_eq!(key_at(dotted, 9).as_deref(), Some("colors.walls"));
        let inline = "colors = { walls = \"white\" }\n";
        assert_eq!(key_at(inline, 20).as_deref(), Some("colors.walls"));
    }

    #[test]
    fn nothing_outside_entries_or_in_invalid_toml() {
        assert_eq!(key_at("a = 1\n\n", 6), None);
        assert_eq!(key_at("a = \"1\n", 2), None);
    }
}
