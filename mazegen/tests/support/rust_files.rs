//! The Rust files under a folder, for the tests that read the source text: mazegen's module
//! graph (`tests/modules.rs`) and the application's architecture (`tests/architecture.rs`,
//! which includes this file by path).

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, at any depth, added to `found`.
pub fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}
