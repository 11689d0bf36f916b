//! The source keeps its layers: a module of the tuner, or of the core,
//! refers (outside its tests) only to modules of its own layer or below, and
//! no modules refer to each other in a cycle, in the tuner or in the core
//! (files in folders too: `value::table`, `rules::tables::store`).

use crate::repo;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The tuner's top-level modules, lowest layer first (see src/lib.rs).
const LAYERS: &[&[&str]] = &[
    &["rng", "stats", "text", "files"],
    &["players"],
    &["host"],
    &["tune"],
    &["edge"],
];

/// The core's top-level modules, lowest layer first (see core/src/lib.rs):
/// its folders are layers. The genome (gene table and plan) sits with the
/// players that read it; the genome bot (`players::genome_bot`) serves
/// through `submission`, so the players are above it.
const CORE_LAYERS: &[&[&str]] = &[
    &["rules"],
    &["game"],
    &["value"],
    &["ship", "win", "protocol"],
    &["submission"],
    &["players", "genome"],
];

/// Module path (`host::play`) → the crate modules its non-test code names,
/// by `crate::` paths and by `super::` paths (resolved from the module).
fn references(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = modules(src);
    let names: BTreeSet<String> = files.keys().cloned().collect();
    files
        .iter()
        .map(|(module, text)| {
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            let refs = named_paths(module, code)
                .into_iter()
                .filter_map(|parts| {
                    // The longest prefix that names a module, not this one,
                    // one inside it or one it is inside.
                    (1..=parts.len())
                        .rev()
                        .map(|k| parts[..k].join("::"))
                        .find(|m| names.contains(m))
                        .filter(|m| {
                            m != module
                                && !m.starts_with(&format!("{module}::"))
                                && !module.starts_with(&format!("{m}::"))
                        })
                })
                .collect();
            (module.clone(), refs)
        })
        .collect()
}

/// Every path `code` of `module` names from the crate's root: `crate::a::b`
/// as [a, b]; `super::b` in `x::y` as [x, b] (`super::super::` likewise).
fn named_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let here: Vec<&str> = module.split("::").filter(|p| !p.is_empty()).collect();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let path: String = code[at + 7..].chars().take_while(|&c| ident(c)).collect();
        out.push(path.split("::").map(String::from).collect());
    }
    for (at, _) in code.match_indices("super::") {
        // Only the first `super::` of a chain starts a path.
        if code[..at].ends_with("super::") || code[..at].ends_with(|c: char| ident(c) && c != ':') {
            continue;
        }
        let path: String = code[at..].chars().take_while(|&c| ident(c)).collect();
        let mut parts: Vec<&str> = path.split("::").collect();
        let ups = parts.iter().take_while(|p| **p == "super").count();
        parts.drain(..ups);
        let Some(base) = here.len().checked_sub(ups) else {
            continue;
        };
        out.push(
            here[..base]
                .iter()
                .chain(&parts)
                .map(|p| p.to_string())
                .collect(),
        );
    }
    out
}

/// Every module of the crate in `src` by module path, with its file's text,
/// but those declared only for tests (`#[cfg(test)] mod x;`) and the
/// modules inside them: their code is test code.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    collect(src, src, &mut files);
    let mut tests = BTreeSet::new();
    for (module, text) in &files {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            let declared = pair[1]
                .strip_prefix("mod ")
                .and_then(|r| r.strip_suffix(';'));
            if let (true, Some(name)) = (pair[0] == "#[cfg(test)]", declared) {
                tests.insert(match module.as_str() {
                    "" => name.to_string(),
                    _ => format!("{module}::{name}"),
                });
            }
        }
    }
    files.retain(|m, _| {
        !tests
            .iter()
            .any(|t| m == t || m.starts_with(&format!("{t}::")))
    });
    files
}

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            out.insert(parts.join("::"), std::fs::read_to_string(&path).unwrap());
        }
    }
}

fn layer(module: &str) -> usize {
    layer_in(LAYERS, module)
}

/// The layer of `module`'s top-level module in `layers`.
fn layer_in(layers: &[&[&str]], module: &str) -> usize {
    let top = module.split("::").next().unwrap_or("");
    layers
        .iter()
        .position(|l| l.contains(&top))
        .unwrap_or_else(|| panic!("module `{module}` is in no layer"))
}

/// A cycle of references, if any.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for d in graph.get(m).into_iter().flatten() {
            match state.get(d.as_str()) {
                Some(1) => {
                    let start = path.iter().position(|p| p == d).unwrap();
                    return Some([&path[start..], std::slice::from_ref(d)].concat());
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(d, graph, state, path) {
                        return Some(c);
                    }
                }
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if !state.contains_key(m.as_str())
            && let Some(c) = visit(m, graph, &mut state, &mut vec![])
        {
            return Some(c);
        }
    }
    None
}

#[test]
fn tuner_and_core_modules_use_only_their_layer_and_below_and_form_no_cycle() {
    let tuner = references(&repo("src"));
    assert!(tuner.contains_key("host::play") && tuner.contains_key("edge::cli"));
    for (module, refs) in tuner.iter().filter(|(m, _)| !m.is_empty()) {
        for r in refs {
            assert!(
                layer(r) <= layer(module),
                "`{module}` refers to `{r}`, a higher layer"
            );
        }
    }
    assert_eq!(cycle(&tuner), None, "a cycle among the tuner's modules");
    let core = references(&repo("core/src"));
    for m in [
        "rules",
        "protocol",
        "value::table",
        "rules::tables::store",
        "win::rollout",
    ] {
        assert!(core.contains_key(m), "the core's `{m}` not walked");
    }
    assert!(!core.contains_key("value::tests") && !core.contains_key("testkit"));
    for (module, refs) in core.iter().filter(|(m, _)| !m.is_empty()) {
        for r in refs {
            assert!(
                layer_in(CORE_LAYERS, r) <= layer_in(CORE_LAYERS, module),
                "the core's `{module}` refers to `{r}`, a higher layer"
            );
        }
    }
    assert_eq!(cycle(&core), None, "a cycle among the core's modules");
}

#[test]
fn a_circle_of_super_imports_is_seen() {
    // Two sibling files that import each other by `super::`, as the run
    // folder's records, directory and errors once did.
    let dir = crate::scratch("layers-planted");
    let run = dir.join("tune/run");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::write(run.join("mod.rs"), "pub mod dir;\npub mod error;\n").unwrap();
    std::fs::write(run.join("dir.rs"), "use super::error::RunError;\n").unwrap();
    std::fs::write(
        run.join("error.rs"),
        "use super::dir::RunDir;\n#[cfg(test)]\nmod tests { use super::*; }\n",
    )
    .unwrap();
    let graph = references(&dir);
    assert_eq!(
        graph["tune::run::dir"],
        BTreeSet::from(["tune::run::error".to_string()])
    );
    let found = cycle(&graph).expect("the planted circle");
    assert_eq!(found.len(), 3, "{found:?}");
    // Broken (the error no longer names the directory): no circle.
    std::fs::write(run.join("error.rs"), "pub struct RunError;\n").unwrap();
    assert_eq!(cycle(&references(&dir)), None);
}

#[test]
fn the_checks_see_a_cycle_and_a_layer_breach() {
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"])]
            .into_iter()
            .map(|(m, d)| (m.to_string(), d.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(cycle(&graph).map(|c| c.len()), Some(4));
    assert!(layer("tune::evolve") < layer("edge::files"));
    assert!(layer_in(CORE_LAYERS, "value::table") < layer_in(CORE_LAYERS, "win::rollout"));
}

/// Non-test code of each module of the tuner, by module path.
fn code_of(src: &Path) -> BTreeMap<String, String> {
    modules(src)
        .into_iter()
        .map(|(m, text)| {
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (m, code)
        })
        .collect()
}

/// The modules whose non-test code holds one of `needles`.
fn holding(code: &BTreeMap<String, String>, needles: &[&str]) -> Vec<String> {
    let hit = |text: &String| needles.iter().any(|n| text.contains(n));
    code.iter()
        .filter(|(_, t)| hit(t))
        .map(|(m, _)| m.clone())
        .collect()
}

#[test]
fn games_run_in_parallel_only_through_the_series_engine() {
    let code = code_of(&repo("src"));
    let parallel = holding(&code, &["par_iter(", "into_par_iter(", "rayon::join("]);
    // The bench's raw loop measures what the engine adds to it; the
    // estimators' agreement evaluates positions (no games) in parallel;
    // the genes' check compares whole games' events and the leaf's fit
    // keeps every game's views, which the engine's tallies do not keep;
    // a match's games, once played, are judged (no play) in parallel.
    assert_eq!(
        parallel,
        [
            "edge::bench",
            "host::analysis",
            "host::series",
            "tune::acting",
            "tune::agreement",
            "tune::fit",
            "tune::optim::bench"
        ]
    );
    let tallied = holding(&code, &["wins += 1", "draws += 1"]);
    assert_eq!(tallied, ["host::series"], "one win/draw/loss tally");
    let wilson = holding(&code, &["wilson95("]);
    assert_eq!(wilson, ["host::series", "stats"], "one Wilson interval");
}

#[test]
fn no_function_returns_a_string_as_its_error() {
    for src in ["src", "core/src", "genome-file/src", "bot/src"] {
        let code = code_of(&repo(src));
        let found = holding(&code, &[", String>"]);
        let results: Vec<&String> = found
            .iter()
            .filter(|m| {
                code[*m]
                    .lines()
                    .any(|l| l.contains("Result<") && l.contains(", String>"))
            })
            .collect();
        assert!(
            results.is_empty(),
            "Result<_, String> in {src}: {results:?}"
        );
    }
}

/// Every `.rs` file under `dir`, with its number of lines.
fn line_counts(dir: &Path, out: &mut Vec<(String, usize)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            line_counts(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let lines = std::fs::read_to_string(&path).unwrap().lines().count();
            out.push((path.display().to_string(), lines));
        }
    }
}

#[test]
fn no_source_file_passes_600_lines() {
    let mut counts = Vec::new();
    for dir in ["src", "core/src", "bot", "genome-file", "tests", "benches"] {
        let dir = repo(dir);
        if dir.exists() {
            line_counts(&dir, &mut counts);
        }
    }
    assert!(counts.len() > 100, "{} files", counts.len());
    let long: Vec<_> = counts.iter().filter(|(_, n)| *n > 600).collect();
    assert!(long.is_empty(), "split these: {long:?}");
}
