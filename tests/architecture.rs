//! The import rule of `src/` (see ARCHITECTURE.md), checked from the source text: this test reads
//! the `use` lines of every file under `src/` (test code left out) and fails on
//!
//! - an import cycle between modules (a folder's files reading their own parent's types is how a
//!   Rust folder works, so an edge from a module to its own ancestor is not counted),
//! - a dashboard mode (`tui::modes::*`) importing another mode,
//! - the kernel (`tui::kernel`) importing anything but `std`, `mazegen` and itself,
//! - a mode's own state (`tui::modes::<mode>` and its files but `update` and `view`)
//!   importing the state layer or the root (`model`, `message`, `effect`, `layer`, `update`,
//!   `input`, or the root `view`),
//! - `crossterm` outside the layers that meet the terminal: `app` (which owns it) and the
//!   dashboard's input layer (`tui::input`, and `tui::keymap`, the table from keys to actions).
//!
//! - the vocabulary every mode shares (`tui::kernel`, `tui::context`) importing a mode,
//! - one of the couplings the mode stack ended (see `the_couplings_that_were_ended_stay_ended`).
//!
//! It reads text, not the compiler's view: the `use` lines, and the paths written out inline in
//! the code (`crate::tui::x::y`, `super::x::y`, a macro's `$crate::...`), comments left out; a
//! `pub use` re-export is followed to the module that defines the name.

#[path = "../mazegen/tests/support/rust_files.rs"]
mod rust_files;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use rust_files::rust_files;

/// A module path, `["tui", "modes", "play"]`; the crate root is `[]`.
type Module = Vec<String>;

/// Every module of `src/` with its `use` lines (one entry per imported path, braces expanded).
struct Crate {
    uses: BTreeMap<Module, Vec<Vec<String>>>,
    /// The paths written out in the code (not in `use` lines), per module.
    inline: BTreeMap<Module, Vec<Vec<String>>>,
}

/// Where `crossterm` may appear: the terminal's owner and the dashboard's input layer.
const TERMINAL_LAYERS: &[&str] = &["app", "tui::input", "tui::keymap"];
/// The folder that holds one folder per dashboard mode.
const MODES: &str = "tui::modes";
/// The dashboard's shared vocabulary, at the bottom.
const KERNEL: &str = "tui::kernel";
/// The state layer and the root: what a mode's own state may not import, since they import it.
const ABOVE_MODE_STATE: &[&str] = &[
    "tui::model",
    "tui::message",
    "tui::effect",
    "tui::layer",
    "tui::update",
    "tui::input",
];
/// A mode's files that work on the model (the others hold its state).
const MODE_ANSWERS: &[&str] = &["update", "view"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module a file under `src/` defines, or `None` for test-only files and the binary.
fn module_of(path: &Path) -> Option<Module> {
    let relative = path.strip_prefix(src()).ok()?.with_extension("");
    let parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.last()?.as_str();
    if matches!(last, "tests" | "testing" | "main") || parts.iter().any(|p| p == "tests") {
        return None;
    }
    if parts == ["lib"] {
        return Some(Vec::new());
    }
    Some(parts)
}

/// The code of a file without its inline test module (by convention the file's last item,
/// opened by `#[cfg(test)]` and `mod tests {`).
fn without_tests(text: &str) -> String {
    let mut kept = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod tests {"))
        {
            break;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// The `use` items of a file's code, each as its full text after `use` and before `;`.
fn use_items(code: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut statement: Option<String> = None;
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if let Some(open) = statement.as_mut() {
            open.push(' ');
            open.push_str(line);
        } else {
            let rest = line
                .strip_prefix("pub(crate) use ")
                .or_else(|| line.strip_prefix("pub(super) use "))
                .or_else(|| line.strip_prefix("pub use "))
                .or_else(|| line.strip_prefix("use "));
            match rest {
                Some(rest) => statement = Some(rest.to_owned()),
                None => continue,
            }
        }
        if let Some(done) = statement.take_if(|text| text.contains(';')) {
            items.push(done.split(';').next().unwrap_or("").trim().to_owned());
        }
    }
    items
}

/// The paths written out in `code` outside its `use` lines and comments: every
/// `crate::a::b`, `$crate::a::b`, `super::a::b` and `self::a::b` (up to its last `::` name).
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        let trimmed = line.trim_start();
        if ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .any(|start| trimmed.starts_with(start))
        {
            continue;
        }
        let bytes = line.as_bytes();
        let mut at = 0;
        while at < line.len() {
            let rest = &line[at..];
            let start = ["crate::", "super::", "self::"]
                .iter()
                .find(|head| rest.starts_with(**head));
            let boundary = at == 0 || {
                let before = bytes[at - 1] as char;
                !(before.is_alphanumeric() || before == '_' || before == ':')
            };
            if start.is_none() || !boundary {
                at += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            }
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let path = split_path(rest[..end].trim_end_matches(':'));
            if path.len() > 1 {
                paths.push(path);
            }
            at += end.max(1);
        }
    }
    paths
}

/// `a::{b, c::{d, e as f}}` as the paths `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let prefix: Vec<String> = split_path(&tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut paths = Vec::new();
        for part in top_level_commas(inner) {
            for tail in expand(part) {
                let mut path = prefix.clone();
                path.extend(tail);
                paths.push(path);
            }
        }
        paths
    } else {
        let name = tree.split(" as ").next().unwrap_or("");
        let path = split_path(name);
        if path.is_empty() {
            Vec::new()
        } else {
            vec![path]
        }
    }
}

fn split_path(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect()
}

fn top_level_commas(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .collect()
}

impl Crate {
    fn read() -> Crate {
        let mut files = Vec::new();
        rust_files(&src(), &mut files);
        let (mut uses, mut inline) = (BTreeMap::new(), BTreeMap::new());
        for file in files {
            let Some(module) = module_of(&file) else {
                continue;
            };
            let text = fs::read_to_string(&file).expect("a source file is readable");
            let code = without_tests(&text);
            let paths = use_items(&code)
                .iter()
                .flat_map(|item| expand(item))
                .collect();
            uses.insert(module.clone(), paths);
            inline.insert(module, inline_paths(&code));
        }
        Crate { uses, inline }
    }

    /// A `use` path made absolute from the crate root (`crate::`, `super::`, `self::`, or a
    /// child module's name), or `None` for another crate's path.
    fn absolute(&self, from: &Module, path: &[String]) -> Option<Module> {
        let mut at = from.clone();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate" | "$crate") => {
                at.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|part| part == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = from.clone();
                child.push(first.to_owned());
                if !self.uses.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        at.extend(rest.iter().cloned());
        Some(at)
    }

    /// The module that defines what an absolute path names: the longest module prefix, and
    /// through that module's `pub use` re-exports when the name is one of them.
    fn defining_module(&self, path: &Module, depth: usize) -> Module {
        let mut module = path.clone();
        while !module.is_empty() && !self.uses.contains_key(&module) {
            module.pop();
        }
        if depth < 8 && module.len() < path.len() {
            let name = &path[module.len()];
            for reexport in self.uses.get(&module).into_iter().flatten() {
                if reexport.last() == Some(name)
                    && let Some(target) = self.absolute(&module, reexport)
                    && target != *path
                {
                    return self.defining_module(&target, depth + 1);
                }
            }
        }
        module
    }

    /// The import graph: module → the modules its `use` lines and inline paths read, leaving
    /// out reads of its own ancestors.
    fn graph(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let mut graph = BTreeMap::new();
        for (module, paths) in &self.uses {
            let targets: &mut BTreeSet<Module> = graph.entry(module.clone()).or_default();
            let inline = self.inline.get(module).into_iter().flatten();
            for path in paths.iter().chain(inline) {
                let Some(absolute) = self.absolute(module, path) else {
                    continue;
                };
                let target = self.defining_module(&absolute, 0);
                if target != *module && !module.starts_with(&target) {
                    targets.insert(target);
                }
            }
        }
        graph
    }

    /// Modules whose `use` lines name `crossterm`.
    fn crossterm_users(&self) -> Vec<Module> {
        let mut users = Vec::new();
        for (module, paths) in &self.uses {
            if paths
                .iter()
                .any(|path| path.first().is_some_and(|first| first == "crossterm"))
            {
                users.push(module.clone());
            }
        }
        users
    }
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a Module) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let Some((next, _)) = self.graph.get_key_value(next) else {
                    continue;
                };
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(name(top));
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found
}

/// `tui::modes::play::update` → `Some("play")`.
fn mode_of(module: &Module) -> Option<&str> {
    let modes = split_path(MODES);
    (module.len() > modes.len() && module.starts_with(&modes)).then(|| module[modes.len()].as_str())
}

#[test]
fn no_import_cycle_between_the_modules_of_src() {
    let cycles = cycles(&Crate::read().graph());
    assert!(
        cycles.is_empty(),
        "import cycles (each line one cycle):\n{}",
        {
            let lines: Vec<String> = cycles.iter().map(|cycle| cycle.join(", ")).collect();
            lines.join("\n")
        }
    );
}

#[test]
fn a_mode_never_imports_another_mode() {
    let mut crossings = Vec::new();
    for (module, targets) in Crate::read().graph() {
        let Some(mode) = mode_of(&module) else {
            continue;
        };
        for target in targets {
            if mode_of(&target).is_some_and(|other| other != mode) {
                crossings.push(format!("{} uses {}", name(&module), name(&target)));
            }
        }
    }
    assert!(
        crossings.is_empty(),
        "modes importing other modes:\n{}",
        crossings.join("\n")
    );
}

#[test]
fn crossterm_only_where_the_terminal_is_met() {
    let allowed: Vec<Module> = TERMINAL_LAYERS
        .iter()
        .map(|layer| split_path(layer))
        .collect();
    let outside: Vec<String> = Crate::read()
        .crossterm_users()
        .iter()
        .filter(|module| !allowed.iter().any(|layer| module.starts_with(layer)))
        .map(name)
        .collect();
    assert!(
        outside.is_empty(),
        "crossterm outside the input layer: {}",
        outside.join(", ")
    );
}

#[test]
fn the_app_uses_only_what_tui_reexports() {
    let krate = Crate::read();
    let mut reaching_in = Vec::new();
    for (module, paths) in &krate.uses {
        if module.first().is_none_or(|first| first != "app") {
            continue;
        }
        for path in paths {
            let Some(absolute) = krate.absolute(module, path) else {
                continue;
            };
            if absolute.first().is_some_and(|first| first == "tui") && absolute.len() > 2 {
                reaching_in.push(format!("{} uses {}", name(module), absolute.join("::")));
            }
        }
    }
    assert!(
        reaching_in.is_empty(),
        "app reaching inside tui:\n{}",
        reaching_in.join("\n")
    );
}

#[test]
fn the_kernel_imports_only_std_and_mazegen() {
    let krate = Crate::read();
    let kernel = split_path(KERNEL);
    let mut outside = Vec::new();
    for (module, paths) in &krate.uses {
        if !module.starts_with(&kernel) {
            continue;
        }
        for path in paths {
            let first = path.first().map(String::as_str).unwrap_or_default();
            let inside = match krate.absolute(module, path) {
                Some(target) => krate.defining_module(&target, 0).starts_with(&kernel),
                None => matches!(first, "std" | "core" | "alloc" | "mazegen"),
            };
            if !inside {
                outside.push(format!("{} uses {}", name(module), path.join("::")));
            }
        }
    }
    assert!(
        outside.is_empty(),
        "the kernel reaching out:\n{}",
        outside.join("\n")
    );
}

#[test]
fn a_modes_own_state_imports_neither_the_state_layer_nor_the_root() {
    let above: Vec<Module> = ABOVE_MODE_STATE.iter().map(|m| split_path(m)).collect();
    let root_view = split_path("tui::view");
    let modes = split_path(MODES);
    let mut reaching_up = Vec::new();
    for (module, targets) in Crate::read().graph() {
        if mode_of(&module).is_none() {
            continue;
        }
        let answers = module
            .get(modes.len() + 1)
            .is_some_and(|file| MODE_ANSWERS.contains(&file.as_str()));
        if answers {
            continue;
        }
        for target in targets {
            if above.iter().any(|a| target.starts_with(a)) || target == root_view {
                reaching_up.push(format!("{} uses {}", name(&module), name(&target)));
            }
        }
    }
    assert!(
        reaching_up.is_empty(),
        "a mode's state importing what imports it:\n{}",
        reaching_up.join("\n")
    );
}

/// A mode's update and view work on the mode's own state and the shared context the root hands
/// them, never the whole model: otherwise a mode could reach every other mode's state. Every
/// mode is held to it, the studio too: no `use` of `tui::model`, and no `Model` named in the
/// code (a path written out in full would get past the `use` lines).
#[test]
fn a_modes_update_and_view_never_take_the_model() {
    let model = split_path("tui::model");
    let modes = split_path(MODES);
    let mut on_the_model = Vec::new();
    for (module, targets) in Crate::read().graph() {
        if mode_of(&module).is_none() {
            continue;
        }
        let answers_or_draws = module
            .get(modes.len() + 1)
            .is_some_and(|file| file == "update" || file == "view");
        if !answers_or_draws {
            continue;
        }
        if targets.contains(&model) {
            on_the_model.push(format!("{} uses {}", name(&module), name(&model)));
        }
    }
    let mut files = Vec::new();
    rust_files(&src().join("tui").join("modes"), &mut files);
    for file in files {
        let Some(module) = module_of(&file) else {
            continue;
        };
        let answers_or_draws = module.len() == modes.len() + 2
            && matches!(module[modes.len() + 1].as_str(), "update" | "view");
        if !answers_or_draws {
            continue;
        }
        let text = fs::read_to_string(&file).expect("a source file is readable");
        for line in without_tests(&text).lines() {
            let code = line.split("//").next().unwrap_or("");
            let names_the_model = code.contains("tui::model")
                || code
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|word| word == "Model");
            if names_the_model {
                on_the_model.push(format!(
                    "{} names the model: {}",
                    name(&module),
                    line.trim()
                ));
            }
        }
    }
    assert!(
        on_the_model.is_empty(),
        "a mode's update or view taking the model:\n{}",
        on_the_model.join("\n")
    );
}

/// The scan itself, on a small text: braces, `self`, renames and the test module.
#[test]
fn the_scan_reads_nested_braces_and_skips_the_test_module() {
    let code = without_tests(
        "use super::a::{B, c::{D, E as F}};\npub use x::Y;\n#[cfg(test)]\nmod tests {\nuse z::W;\n}\n",
    );
    let paths: Vec<Vec<String>> = use_items(&code)
        .iter()
        .flat_map(|item| expand(item))
        .collect();
    let joined: Vec<String> = paths.iter().map(|path| path.join("::")).collect();
    assert_eq!(
        joined,
        ["super::a::B", "super::a::c::D", "super::a::c::E", "x::Y"]
    );
}

/// The inline scan, on a small text: paths in code, not in comments or `use` lines.
#[test]
fn the_scan_reads_paths_written_out_in_the_code() {
    let code = "use a::b;\nlet x = crate::tui::view::help_now(m); // crate::not::this\n\
                $crate::tui::context::Shared {\nsuper::super::modes::Log::new()\n";
    let joined: Vec<String> = inline_paths(code)
        .iter()
        .map(|path| path.join("::"))
        .collect();
    assert_eq!(
        joined,
        [
            "crate::tui::view::help_now",
            "crate::tui::context::Shared",
            "super::super::modes::Log::new"
        ]
    );
}

/// The vocabulary every mode shares imports no mode: else every mode would depend on that one.
#[test]
fn the_shared_vocabulary_imports_no_mode() {
    let shared = [split_path(KERNEL), split_path("tui::context")];
    let mut reaching = Vec::new();
    for (module, targets) in Crate::read().graph() {
        if !shared.iter().any(|s| module.starts_with(s)) {
            continue;
        }
        for target in targets {
            if mode_of(&target).is_some() {
                reaching.push(format!("{} uses {}", name(&module), name(&target)));
            }
        }
    }
    assert!(
        reaching.is_empty(),
        "the vocabulary importing a mode:\n{}",
        reaching.join("\n")
    );
}

/// The couplings the mode stack ended: the root's update and view importing each other (the
/// view reads no answer of the update; the update reads no part of the root view, though it
/// may hit-test a drawing's geometry, as the minimap's), the command line and the first run
/// importing each other, the model reaching the studio's answers, and the shared context
/// reaching the log mode.
#[test]
fn the_couplings_that_were_ended_stay_ended() {
    let graph = Crate::read().graph();
    // `exact`: the module itself, not its children.
    let uses = |from: &str, to: &str, exact: bool| {
        let (from, to) = (split_path(from), split_path(to));
        graph
            .iter()
            .filter(|(module, _)| module.starts_with(&from))
            .any(|(_, targets)| {
                targets
                    .iter()
                    .any(|target| target.starts_with(&to) && (!exact || *target == to))
            })
    };
    let mut found = Vec::new();
    for (from, to, exact) in [
        ("tui::update", "tui::view", true),
        ("tui::view", "tui::update", false),
        ("app::first_run", "app::cli", false),
        ("tui::model", "tui::modes::studio::update", false),
        ("tui::context", "tui::modes::log", false),
    ] {
        if uses(from, to, exact) {
            found.push(format!("{from} uses {to}"));
        }
    }
    assert!(found.is_empty(), "couplings back:\n{}", found.join("\n"));
}

/// A mode never reads what another part said on the status line: it asks the root, which
/// knows (play used to look for "Finishing" in the studio's sentence). The shared status is
/// for saying things (`set_status`); a chain that reads it (`shared.status.as_ref()`, its
/// `.text`) is found whitespace and line breaks aside.
#[test]
fn no_mode_reads_the_status_line() {
    let mut files = Vec::new();
    rust_files(&src().join("tui").join("modes"), &mut files);
    let mut reading = Vec::new();
    for file in files {
        if module_of(&file).is_none() {
            continue;
        }
        let text = fs::read_to_string(&file).expect("a source file is readable");
        let code: String = without_tests(&text)
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<String>()
            .split_whitespace()
            .collect();
        for read in [
            "shared.status.as_ref()",
            "shared.status.as_deref()",
            "shared.status.map(",
        ] {
            if code.contains(read) {
                reading.push(format!("{}: {read}", file.display()));
            }
        }
    }
    assert!(
        reading.is_empty(),
        "modes reading the status line:\n{}",
        reading.join("\n")
    );
}

/// ARCHITECTURE.md's "Where things are" names only paths that exist (it replaced a layout
/// page whose paths had drifted): every backquoted name there with a `/` or a file extension.
#[test]
fn where_things_are_names_only_paths_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let start = text
        .find("## Where things are")
        .expect("the section is there");
    let section = &text[start..];
    let end = section[3..]
        .find("\n## ")
        .map_or(section.len(), |at| at + 3);
    let section = &section[..end];
    let mut named = 0;
    let mut missing = Vec::new();
    for (i, quoted) in section.split('`').enumerate() {
        let is_path = i % 2 == 1
            && !quoted.contains(' ')
            && (quoted.contains('/') || quoted.ends_with(".rs") || quoted.ends_with(".md"));
        if !is_path {
            continue;
        }
        named += 1;
        // A file of the folder named just before it (`lifecycle.rs` after `.../update/`).
        let exists = root.join(quoted).exists() || {
            let before = &section[..section.find(quoted).unwrap_or(0)];
            before
                .rsplit('`')
                .filter(|name| name.ends_with('/'))
                .take(1)
                .any(|folder| root.join(folder).join(quoted).exists())
        };
        if !exists {
            missing.push(quoted.to_owned());
        }
    }
    assert!(named > 30, "the section names the source's places: {named}");
    assert!(missing.is_empty(), "named but missing: {missing:?}");
}
