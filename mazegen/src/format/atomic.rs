//! Replacing files so that each is either the old one or the complete new one, never a mix, and
//! so that a run that fails part-way changes no file at all.
//!
//! Each new content goes to a temporary file beside its target (same file system, so the final
//! rename is atomic) and is flushed to disk. Only when every output of a run is ready does
//! [`Outputs::commit`] rename them over their targets; if any output fails first, every
//! temporary file is removed and every target is untouched.
//!
//! Targets are looked at before anything is written:
//! - a symbolic link is followed, and the file it points to is replaced (the link stays a link);
//! - a target that exists but is not a regular file (a FIFO, a terminal, `/dev/null`) is
//!   written straight into, with no temporary file and no rename: renaming over it would turn
//!   a device or a pipe into a plain file;
//! - the process's own standard output or error (`/dev/stdout`, `/dev/fd/2`,
//!   `/proc/self/fd/1`) is written into the descriptor already open, whatever it leads to: a
//!   file the shell opened with `>>` is appended to, a pipe is written into (following the
//!   link would replace the file, or find a pipe's name that is no file);
//! - a directory, or a missing folder, is an error that names the target.
//!
//! Temporary files are registered while they exist, so that a signal handler can remove them
//! with [`remove_temporaries`] before the process exits (a killed process runs no destructors).
//! Their names fit the file system's 255-byte limit whatever the target's name, and errors name
//! the target, never the temporary file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use tempfile::NamedTempFile;

/// A file that could not be written; the previous content, if any, is unchanged.
/// [`Error::Write`](crate::Error::Write), with the same message, to a caller.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", crate::quote::path(path))]
pub(crate) struct WriteError {
    /// The file that could not be written.
    pub(crate) path: PathBuf,
    /// Why.
    #[source]
    pub(crate) source: io::Error,
}

impl From<WriteError> for crate::Error {
    fn from(error: WriteError) -> crate::Error {
        crate::Error::Write {
            path: error.path,
            source: error.source,
        }
    }
}

/// Writes `path` atomically with what `fill` writes to the buffered writer it is given, and
/// returns what `fill` returned once the file is in place.
pub(crate) fn write_atomically<T, F>(path: &Path, fill: F) -> Result<T, WriteError>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    let mut outputs = Outputs::new();
    let filled = outputs.stage(path, fill)?;
    outputs.commit()?;
    Ok(filled)
}

/// Writes a new file at `path`, atomically as [`write_atomically`] does, but never in place of
/// anything: if `path` exists (a file, a link, even a dangling one), or appears while the new
/// content is being written, nothing is replaced and the error says it already exists. For a
/// file that holds the user's own edits, such as a config written out for them to change.
pub(crate) fn write_new_atomically<T, F>(path: &Path, fill: F) -> Result<T, WriteError>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    let failed = |source| WriteError {
        path: path.to_owned(),
        source,
    };
    if fs::symlink_metadata(path).is_ok() {
        return Err(failed(already_exists()));
    }
    check_folder(path).map_err(failed)?;
    let (temp, filled) = write_temporary(path, fill).map_err(failed)?;
    temp.persist_new(path).map_err(failed)?;
    Ok(filled)
}

fn already_exists() -> io::Error {
    io::Error::new(io::ErrorKind::AlreadyExists, "it already exists")
}

/// The outputs of one run, written together: each is staged (written to a temporary file),
/// then all are committed (renamed into place) at once. Dropping it uncommitted removes every
/// temporary file and leaves every target as it was.
#[derive(Debug, Default)]
pub(crate) struct Outputs {
    staged: Vec<Staged>,
}

#[derive(Debug)]
struct Staged {
    /// The target as the caller named it, for messages.
    target: PathBuf,
    /// The regular file to replace (the target, or the file its links lead to).
    file: PathBuf,
    temp: Temporary,
}

impl Outputs {
    /// Nothing staged yet.
    pub fn new() -> Outputs {
        Outputs::default()
    }

    /// Writes what `fill` writes for `path`: into a temporary file beside it, or, for a target
    /// that is not a regular file (a device, a pipe), straight into it. Returns what `fill`
    /// returned.
    pub fn stage<T, F>(&mut self, path: &Path, fill: F) -> Result<T, WriteError>
    where
        F: FnOnce(&mut dyn Write) -> io::Result<T>,
    {
        let failed = |source| WriteError {
            path: path.to_owned(),
            source,
        };
        match resolve(path).map_err(failed)? {
            Target::Special(device) => write_into(&device, fill).map_err(failed),
            Target::Stdout => write_stream(io::stdout().lock(), fill).map_err(failed),
            Target::Stderr => write_stream(io::stderr().lock(), fill).map_err(failed),
            Target::File(file) => {
                check_writable(&file).map_err(failed)?;
                let (temp, filled) = write_temporary(&file, fill).map_err(failed)?;
                self.staged.push(Staged {
                    target: path.to_owned(),
                    file,
                    temp,
                });
                Ok(filled)
            }
        }
    }

    /// Puts every staged file in place. Each target is checked again first, so that one that
    /// turned into a directory since is found before any file is replaced.
    pub fn commit(self) -> Result<(), WriteError> {
        // Another run committing into the same folders waits, so that two runs at once leave
        // the files of one of them, not the maze of one and the picture of the other.
        let _locks = lock_folders(self.staged.iter().map(|s| s.file.as_path()));
        for staged in &self.staged {
            if staged.file.is_dir() {
                return Err(WriteError {
                    path: staged.target.clone(),
                    source: is_a_directory(),
                });
            }
        }
        for staged in self.staged {
            staged
                .temp
                .persist(&staged.file)
                .map_err(|source| WriteError {
                    path: staged.target,
                    source,
                })?;
        }
        Ok(())
    }
}

/// Takes an exclusive advisory lock (`flock`) on each folder the `files` are in, in one order
/// (so two runs cannot each hold one and wait for the other), until the returned files are
/// dropped. A folder that cannot be locked (a file system without locks) is written unlocked:
/// the lock only keeps two runs apart, and each file is still replaced whole.
fn lock_folders<'a>(files: impl Iterator<Item = &'a Path>) -> Vec<File> {
    let mut folders: Vec<PathBuf> = files
        .filter_map(|file| fs::canonicalize(folder_of(file)).ok())
        .collect();
    folders.sort();
    folders.dedup();
    folders
        .iter()
        .filter_map(|folder| {
            let handle = File::open(folder).ok()?;
            lock_exclusive(&handle).ok()?;
            Some(handle)
        })
        .collect()
}

/// Waits for an exclusive advisory lock on `file`, held until it is closed.
#[cfg(unix)]
pub(crate) fn lock_exclusive(file: &File) -> io::Result<()> {
    rustix::fs::flock(file, rustix::fs::FlockOperation::LockExclusive).map_err(io::Error::from)
}

/// Without `flock`, commits are not serialised.
#[cfg(not(unix))]
pub(crate) fn lock_exclusive(_: &File) -> io::Result<()> {
    Ok(())
}

/// See [`Output::is_standard_output`](super::Output::is_standard_output).
pub(crate) fn is_standard_output(path: &Path) -> bool {
    matches!(resolve(path), Ok(Target::Stdout))
}

/// See [`Output::same_target`](super::Output::same_target).
pub(crate) fn same_target(a: &Path, b: &Path) -> bool {
    if same_file(a, b) {
        return true;
    }
    let place = |path: &Path| -> Option<PathBuf> {
        let file = match resolve(path).ok()? {
            Target::File(file) | Target::Special(file) => file,
            Target::Stdout | Target::Stderr => return None,
        };
        let folder = fs::canonicalize(folder_of(&file)).ok()?;
        Some(folder.join(file.file_name()?))
    };
    matches!((place(a), place(b)), (Some(x), Some(y)) if x == y)
}

/// Whether `a` and `b` both exist and are one file (links followed, hard links included).
/// Looks at metadata only: opening a FIFO to compare it would block.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    same_inode(&a, &b)
}

#[cfg(unix)]
fn same_inode(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// Without inodes to compare, [`same_target`]'s comparison of canonical paths still finds
/// the same file by two spellings or through links; hard links go unnoticed.
#[cfg(not(unix))]
fn same_inode(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

/// What a target path leads to.
enum Target {
    /// A regular file, or none yet: replaced through a temporary file.
    File(PathBuf),
    /// Something that exists and is not a regular file: written into.
    Special(PathBuf),
    /// The process's standard output or error: its open descriptor written into.
    Stdout,
    Stderr,
}

/// The descriptor a path names the process's own standard output or error by, if it does:
/// `/dev/stdout`, `/dev/stderr`, `/dev/fd/1`, `/proc/self/fd/2`...
fn standard_stream(path: &Path) -> Option<Target> {
    let text = path.to_str()?;
    let number = match text {
        "/dev/stdout" => "1",
        "/dev/stderr" => "2",
        _ => text
            .strip_prefix("/dev/fd/")
            .or_else(|| text.strip_prefix("/proc/self/fd/"))?,
    };
    match number {
        "1" => Some(Target::Stdout),
        "2" => Some(Target::Stderr),
        _ => None,
    }
}

/// Links followed before giving up, as the kernel does (`ELOOP`).
const MAX_LINKS: usize = 40;

fn resolve(path: &Path) -> io::Result<Target> {
    let mut current = path.to_owned();
    for _ in 0..MAX_LINKS {
        if let Some(stream) = standard_stream(&current) {
            return Ok(stream);
        }
        let meta = match fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                check_folder(&current)?;
                return Ok(Target::File(current));
            }
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = fs::read_link(&current)?;
            current = folder_of(&current).join(link);
        } else if kind.is_dir() {
            return Err(is_a_directory());
        } else if kind.is_file() {
            return Ok(Target::File(current));
        } else {
            return Ok(Target::Special(current));
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

fn check_folder(file: &Path) -> io::Result<()> {
    let folder = folder_of(file);
    if folder.is_dir() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("folder {} does not exist", crate::quote::path(folder)),
        ))
    }
}

fn is_a_directory() -> io::Error {
    io::Error::new(io::ErrorKind::IsADirectory, "it is a directory")
}

/// Writes into an existing device or pipe, as a shell's `>` would.
fn write_into<T, F>(device: &Path, fill: F) -> io::Result<T>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    let file = OpenOptions::new().write(true).open(device)?;
    let mut out = BufWriter::with_capacity(1 << 16, file);
    let filled = fill(&mut out)?;
    out.flush()?;
    Ok(filled)
}

/// Writes into standard output or error, where it stands (appending if it was opened so).
fn write_stream<T, F>(stream: impl Write, fill: F) -> io::Result<T>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    let mut out = BufWriter::with_capacity(1 << 16, stream);
    let filled = fill(&mut out)?;
    out.flush()?;
    Ok(filled)
}

/// Bytes of the target's name kept in a temporary file's name: with the dot, the random part
/// and `.tmp`, the name stays well under the 255 bytes most file systems allow.
const NAME_BYTES_KEPT: usize = 200;

fn write_temporary<T, F>(file: &Path, fill: F) -> io::Result<(Temporary, T)>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    let name = file
        .file_name()
        .map_or_else(|| "maze".into(), |n| n.to_string_lossy());
    let temp = Temporary::create(|| {
        // The file is opened here, not by `tempfile_in`, whose errors end with the temporary
        // file's random name (`at path "…/.maze.txt.x1Y2z3.tmp"`, an error wrapped so that its
        // OS code is lost): the user only knows the target, which the caller names.
        tempfile::Builder::new()
            .prefix(&format!(".{}.", truncate(&name, NAME_BYTES_KEPT)))
            .suffix(".tmp")
            .make_in(folder_of(file), create_private)
    })?;
    let filled = {
        let mut out = BufWriter::with_capacity(1 << 20, temp.file());
        let filled = fill(&mut out)?;
        out.flush()?;
        filled
    };
    temp.file().sync_all()?;
    // A temporary file is private (0600); the result should look like any file the user
    // writes, or keep the owner, group and permissions (a setgid bit too) of the file it
    // replaces: the group first, as changing it clears the setgid bit.
    let permissions = match fs::metadata(file) {
        Ok(meta) => {
            keep_owner(temp.file(), &meta);
            meta.permissions()
        }
        Err(_) => default_permissions(temp.file())?,
    };
    temp.file().set_permissions(permissions)?;
    Ok((temp, filled))
}

/// Creates `path`, which must not exist yet, readable and writable by its owner only (as
/// `tempfile` would) until [`write_temporary`] gives it its final permissions.
fn create_private(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// Refuses to replace a file the user could not write in place: a read-only one (no write
/// permission for anyone, which even root is told), or one this process may not open for
/// writing (another user's). Replacing goes through the folder, which may allow what the file
/// forbids; the file's permissions are the owner's word. A file that does not exist yet is
/// the folder's business.
fn check_writable(file: &Path) -> io::Result<()> {
    let Ok(meta) = fs::metadata(file) else {
        return Ok(());
    };
    if meta.permissions().readonly() {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is read-only (its permissions forbid writing it)",
        ));
    }
    // Opened without truncating, and closed at once: nothing in it changes.
    OpenOptions::new().write(true).open(file).map(drop)
}

/// Gives the new file the owner and group of the one it replaces, where the process may (root
/// may give any; a user, a group of theirs). Otherwise the new file is the user's, as any file
/// they write.
#[cfg(unix)]
fn keep_owner(new: &File, old: &fs::Metadata) {
    use std::os::unix::fs::{MetadataExt, fchown};
    if fchown(new, Some(old.uid()), Some(old.gid())).is_err() {
        let _ = fchown(new, None, Some(old.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &fs::Metadata) {}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
fn truncate(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
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

/// The temporary files that exist now, for [`remove_temporaries`].
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic while the list was held leaves it usable: it is only a list of paths.
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every temporary file a write in progress has made, so that a process about to exit
/// on a signal leaves none behind. Meant for the application's signal handler; the writes it
/// interrupts fail, and their targets keep their old content.
pub fn remove_temporaries() {
    for path in temporaries().drain(..) {
        let _ = fs::remove_file(path);
    }
}

/// A temporary file known to [`remove_temporaries`] for as long as it exists. Dropping it
/// removes the file (`NamedTempFile` does) and forgets it.
#[derive(Debug)]
struct Temporary {
    path: PathBuf,
    /// `None` once persisted.
    temp: Option<NamedTempFile>,
}

impl Temporary {
    /// Creates the file with `create` and registers it, the list locked meanwhile: a signal
    /// between the two would otherwise find a file not yet listed, and leave it.
    fn create(create: impl FnOnce() -> io::Result<NamedTempFile>) -> io::Result<Temporary> {
        let mut listed = temporaries();
        let temp = create()?;
        let path = temp.path().to_owned();
        listed.push(path.clone());
        Ok(Temporary {
            path,
            temp: Some(temp),
        })
    }

    fn file(&self) -> &File {
        self.temp.as_ref().expect("not persisted yet").as_file()
    }

    /// Renames the file over `target`; it is no longer temporary.
    fn persist(mut self, target: &Path) -> io::Result<()> {
        let temp = self.temp.take().expect("persisted once");
        temp.persist(target).map(drop).map_err(|e| e.error)
    }
}

impl Temporary {
    /// Links the file in as `target` only if nothing is there (the check and the link are one
    /// step, so a file that appears meanwhile is not replaced); it is no longer temporary.
    fn persist_new(mut self, target: &Path) -> io::Result<()> {
        let temp = self.temp.take().expect("persisted once");
        temp.persist_noclobber(target).map(drop).map_err(|e| {
            self.temp = Some(e.file);
            match e.error.kind() {
                io::ErrorKind::AlreadyExists => already_exists(),
                _ => e.error,
            }
        })
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        temporaries().retain(|p| *p != self.path);
    }
}

#[cfg(test)]
mod tests;
