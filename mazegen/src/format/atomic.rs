//! Replacing a file so that it is either the old one or the complete new one, never a mix.
//!
//! The new content goes to a temporary file in the same folder (so the final rename stays on
//! one file system and is atomic), is flushed to disk, and only then renamed over the target.
//! If anything fails, the temporary file is removed and the old file is untouched.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file that could not be written; the previous content, if any, is unchanged.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    #[source]
    pub source: io::Error,
}

/// Writes `path` atomically with what `fill` writes to the buffered writer it is given, and
/// returns what `fill` returned once the file is in place.
pub fn write_atomically<T, F>(path: &Path, fill: F) -> Result<T, WriteError>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    replace(path, fill).map_err(|source| WriteError {
        path: path.to_owned(),
        source,
    })
}

fn replace<T, F>(path: &Path, fill: F) -> io::Result<T>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "maze".into(), |n| n.to_string_lossy());
    if !folder.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("folder {} does not exist", folder.display()),
        ));
    }
    let temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(folder)
        // tempfile names its own random file in the message; the user only knows the target.
        .map_err(|e| e.raw_os_error().map_or(e, io::Error::from_raw_os_error))?;
    let filled = {
        let mut out = BufWriter::with_capacity(1 << 20, temp.as_file());
        let filled = fill(&mut out)?;
        out.flush()?;
        filled
    };
    temp.as_file().sync_all()?;
    // A temporary file is private (0600); the result should look like any file the user
    // writes, or keep the permissions of the file it replaces.
    let permissions = match fs::metadata(path) {
        Ok(meta) => meta.permissions(),
        Err(_) => default_permissions(temp.as_file())?,
    };
    temp.as_file().set_permissions(permissions)?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(filled)
}

#[cfg(unix)]
fn default_permissions(_: &File) -> io::Result<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Ok(fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn default_permissions(file: &File) -> io::Result<fs::Permissions> {
    Ok(file.metadata()?.permissions())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_a_new_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        write_atomically(&path, |w| w.write_all(b"hello\n")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "hello\n");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        fs::write(&path, "old\n").unwrap();
        let err = write_atomically(&path, |w| {
            w.write_all(b"half")?;
            Err::<(), _>(io::Error::other("disk on fire"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("out.txt"), "{err}");
        assert!(err.to_string().contains("disk on fire"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_missing_folder_or_a_directory_target_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope").join("out.txt");
        let err = write_atomically(&missing, |w| w.write_all(b"x")).unwrap_err();
        assert!(err.to_string().ends_with("nope does not exist"), "{err}");
        assert!(
            !err.to_string().contains(".out.txt."),
            "no temporary name: {err}"
        );
        let err = write_atomically(dir.path(), |w| w.write_all(b"x")).unwrap_err();
        assert!(err.to_string().contains("directory"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn new_files_are_world_readable_and_old_permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        write_atomically(&path, |w| w.write_all(b"a")).unwrap();
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o644
        );
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomically(&path, |w| w.write_all(b"b")).unwrap();
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}
