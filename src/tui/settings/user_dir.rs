use std::ffi::OsString;
use std::path::PathBuf;

/// Where the user's settings live: `$XDG_CONFIG_HOME/a-maze-ing`, else
/// `$HOME/.config/a-maze-ing`, else nowhere. Themes go in its `themes/` folder, key bindings in
/// its `keys.toml`.
///
/// Takes the variables' values rather than reading the environment, so callers and tests decide.
/// A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory spec requires, and so is an
/// empty one (which is how an unset variable is often passed through).
pub fn user_config_dir(
    xdg_config_home: Option<OsString>,
    home: Option<OsString>,
) -> Option<PathBuf> {
    let config = xdg_config_home
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(|| {
            home.filter(|home| !home.is_empty())
                .map(|home| PathBuf::from(home).join(".config"))
        })?;
    Some(config.join("a-maze-ing"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(xdg: Option<&str>, home: Option<&str>) -> Option<PathBuf> {
        user_config_dir(xdg.map(OsString::from), home.map(OsString::from))
    }

    #[test]
    fn xdg_config_home_wins_when_set() {
        assert_eq!(
            dir(Some("/cfg"), Some("/home/u")),
            Some(PathBuf::from("/cfg/a-maze-ing"))
        );
        assert_eq!(
            dir(Some("/cfg"), None),
            Some(PathBuf::from("/cfg/a-maze-ing"))
        );
    }

    #[test]
    fn empty_or_relative_xdg_config_home_falls_back_to_home() {
        let fallback = Some(PathBuf::from("/home/u/.config/a-maze-ing"));
        assert_eq!(dir(Some(""), Some("/home/u")), fallback);
        assert_eq!(dir(Some("cfg"), Some("/home/u")), fallback);
        assert_eq!(dir(Some("./cfg"), Some("/home/u")), fallback);
        assert_eq!(dir(Some("cfg"), None), None);
    }

    #[test]
    fn home_alone() {
        assert_eq!(
            dir(None, Some("/home/u")),
            Some(PathBuf::from("/home/u/.config/a-maze-ing"))
        );
    }

    #[test]
    fn neither_or_empty_gives_none() {
        assert_eq!(dir(None, None), None);
        assert_eq!(dir(Some(""), Some("")), None);
    }
}
