//! What the named enums ([`crate::Algorithm`], [`crate::Solver`]) share, written once: their
//! names, other names they go by, loose parsing, and cycling.
//!
//! Each enum derives its names with `strum` (`serialize_all = "kebab-case"` gives `a-star` for
//! `AStar`), its list with `VariantArray`, and lists the other names it accepts in a
//! `#[strum(props(aliases = "..."))]` attribute, space separated and written the way
//! [`normalise`] leaves a name. Adding a variant with its attributes is then all it takes for it
//! to be listed, named, parsed and cycled through.

use strum::{EnumProperty, VariantArray};

/// A name-registry enum: `strum`-derived names, list and aliases.
pub(crate) trait Named:
    VariantArray + EnumProperty + Copy + PartialEq + Into<&'static str>
{
    /// The kebab-case name.
    fn name(self) -> &'static str {
        self.into()
    }

    /// The other names accepted, already normalised.
    fn aliases(self) -> impl Iterator<Item = &'static str> {
        self.get_str("aliases").unwrap_or("").split_whitespace()
    }
}

impl<T: VariantArray + EnumProperty + Copy + PartialEq + Into<&'static str>> Named for T {}

/// A name as the registries compare it: trimmed, lowercase, with `_` and spaces read as `-`.
pub(crate) fn normalise(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

/// The variant named `text` by its name or an alias, loosely: case-insensitive, and `-`, `_`
/// and spaces are interchangeable.
pub(crate) fn parse<T: Named>(text: &str) -> Option<T> {
    let key = normalise(text);
    T::VARIANTS
        .iter()
        .copied()
        .find(|v| v.name() == key || v.aliases().any(|alias| alias == key))
}

/// Every name in list order, comma separated, for error messages.
pub(crate) fn names<T: Named>() -> String {
    let names: Vec<&str> = T::VARIANTS.iter().map(|v| v.name()).collect();
    names.join(", ")
}

/// The variant after `value` in list order, wrapping round.
pub(crate) fn next<T: Named>(value: T) -> T {
    let all = T::VARIANTS;
    let at = all.iter().position(|&v| v == value).unwrap_or(0);
    all[(at + 1) % all.len()]
}

/// Checks a registry: names kebab-case and unique, aliases normalised, and no name or alias
/// shared by two variants; each name and alias parses back to its variant.
#[cfg(test)]
pub(crate) fn check<T: Named + std::fmt::Debug + std::fmt::Display>() {
    let mut seen: Vec<(&str, T)> = Vec::new();
    for &variant in T::VARIANTS {
        let name = variant.name();
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{name:?} is not kebab-case"
        );
        assert_eq!(variant.to_string(), name);
        for word in std::iter::once(name).chain(variant.aliases()) {
            assert_eq!(
                normalise(word),
                word,
                "{variant:?}: {word:?} is not normalised"
            );
            if let Some((_, other)) = seen.iter().find(|(w, _)| *w == word) {
                panic!("{word:?} names both {other:?} and {variant:?}");
            }
            seen.push((word, variant));
            assert_eq!(parse::<T>(word), Some(variant), "{word}");
            assert_eq!(
                parse::<T>(&word.to_ascii_uppercase()),
                Some(variant),
                "{word}"
            );
            let spaced = format!(" {} ", word.replace('-', " "));
            assert_eq!(parse::<T>(&spaced), Some(variant), "{spaced:?}");
            assert_eq!(parse::<T>(&word.replace('-', "_")), Some(variant), "{word}");
        }
    }
}
