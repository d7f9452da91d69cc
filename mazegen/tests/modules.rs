//! The module graph of `mazegen` has no cycle, checked from the source text: a top-level module
//! (`grid`, `format`, ... with its folder) depends on another when its code, test code left out,
//! names it through `crate::` (a `use` line or a path in code), a name the crate root re-exports
//! counting as the module that defines it. `lib.rs` and `prelude.rs` only re-export, above
//! everything, and are left out. A cycle would mean two modules that cannot be understood, or
//! moved to a crate of their own, apart (issue 43: `generate` and `solve` imported each other,
//! and so did `format` and `maze`).

#[path = "support/rust_files.rs"]
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use support::rust_files;

/// Each top-level module and the modules it depends on, with a file that shows each edge.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The package's `src/`, found when the test runs (cargo sets `CARGO_MANIFEST_DIR` then too): a
/// test binary kept from an earlier build may have been built from the package somewhere else
/// (CI runs the tests of the unpacked package).
fn src() -> PathBuf {
    let package =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo test sets CARGO_MANIFEST_DIR");
    Path::new(&package).join("src")
}

/// The code without comments and without the items `#[cfg(test)]` opens (a test module, a
/// helper only tests use, a field): everything from the attribute to its item's closing brace,
/// its semicolon, or its comma (a field, a variant).
fn code_of(text: &str) -> String {
    let uncommented: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut code = String::new();
    let mut rest = uncommented.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        code.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '{' => depth += 1,
                // The end of the struct or enum the attributed field or variant is in.
                '}' if depth == 0 => {
                    end = i;
                    break;
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' | ',' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    code.push_str(rest);
    code
}

/// The first name of each path after `crate::`: `crate::grid::Grid` gives `grid`, and
/// `crate::{Grid, format::Hex}` gives `Grid` and `format`.
fn crate_names(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let after = &code[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(inner.split(',').map(|part| ident(part.trim())));
        } else {
            names.push(ident(after));
        }
    }
    names.retain(|name| !name.is_empty() && name != "self");
    names
}

/// The names `lib.rs` re-exports (`pub use grid::{Grid, Walls};`), each with its module.
fn root_names() -> BTreeMap<String, String> {
    let lib = fs::read_to_string(src().join("lib.rs")).expect("lib.rs is readable");
    let mut names = BTreeMap::new();
    for statement in code_of(&lib).split(';') {
        let Some(tree) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = tree.split_once("::") else {
            continue;
        };
        for item in items.trim_matches(['{', '}']).split(',') {
            let name = item.rsplit(" as ").next().unwrap_or("").trim();
            if !name.is_empty() {
                names.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    names
}

fn graph() -> Graph {
    let root = root_names();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut graph = Graph::new();
    for file in files {
        let relative = file.strip_prefix(src()).unwrap().with_extension("");
        let parts: Vec<String> = relative
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        let test_only = parts
            .iter()
            .any(|p| matches!(p.as_str(), "tests" | "testing" | "testkit"));
        if test_only || parts == ["lib"] || parts == ["prelude"] {
            continue;
        }
        let module = parts[0].clone();
        let code = code_of(&fs::read_to_string(&file).expect("a source file is readable"));
        let edges = graph.entry(module.clone()).or_default();
        for name in crate_names(&code) {
            let target = root.get(&name).cloned().unwrap_or(name);
            if target != module {
                let shown = relative.to_string_lossy().into_owned();
                edges.entry(target).or_insert(shown);
            }
        }
    }
    graph
}

/// A cycle of the graph, as its modules in order, if it has one.
fn a_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        module: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_owned());
            return Some(cycle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flat_map(|edges| edges.keys()) {
            if let Some(cycle) = visit(graph, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(graph, module, &mut Vec::new(), &mut done))
}

#[test]
fn the_top_level_modules_import_one_another_without_a_cycle() {
    let graph = graph();
    if let Some(cycle) = a_cycle(&graph) {
        let edges: Vec<String> = cycle
            .windows(2)
            .map(|pair| format!("{} -> {} ({})", pair[0], pair[1], graph[&pair[0]][&pair[1]]))
            .collect();
        panic!("import cycle: {}", edges.join(", "));
    }
}

/// The error is at the bottom of the graph, so that every module may return it (issue 43:
/// it sat above the grid, the generators and the formats, and the modules below it each had an
/// error of their own). It names only the modules below it: the geometry (its variants name
/// cells) and what its messages are written with.
#[test]
fn the_error_imports_only_the_bottom_of_the_graph() {
    let graph = graph();
    let below = ["geometry", "quote", "parse", "registry", "spelling"];
    let mut reached: Vec<&str> = vec!["error"];
    let mut at = 0;
    while let Some(module) = reached.get(at).copied() {
        for next in graph.get(module).into_iter().flat_map(|edges| edges.keys()) {
            assert!(
                below.contains(&next.as_str()),
                "{module} imports {next} ({}): the error must stay below it",
                graph[module][next]
            );
            if !reached.contains(&next.as_str()) {
                reached.push(next);
            }
        }
        at += 1;
    }
}

#[test]
fn the_scan_sees_imports_and_skips_test_code_and_comments() {
    let graph = graph();
    // Known edges: the formats write a `Maze`, the builder's errors are the crate's `Error`.
    assert!(graph["format"].contains_key("maze"), "{graph:?}");
    assert!(graph["builder"].contains_key("error"), "{graph:?}");
    let code = code_of(
        "use crate::{Grid, format::Hex};\n// crate::session\n#[cfg(test)]\nmod tests { use crate::play; }\nfn f() { crate::rules::x(); }",
    );
    assert_eq!(crate_names(&code), ["Grid", "format", "rules"]);
    let cyclic = Graph::from([
        (
            "a".to_owned(),
            BTreeMap::from([("b".to_owned(), String::new())]),
        ),
        (
            "b".to_owned(),
            BTreeMap::from([("a".to_owned(), String::new())]),
        ),
    ]);
    assert_eq!(
        a_cycle(&cyclic),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}
