//! Lists the core crate's modules for `tuner export`: every `pub mod NAME;`
//! of `core/src/lib.rs`, in the order declared there, as (NAME, source)
//! pairs in `$OUT_DIR/core_modules.rs`. A module is `NAME.rs` or
//! `NAME/mod.rs`; its source is written whole to `$OUT_DIR/core/NAME.rs`,
//! every `mod x;` in it replaced by `mod x { <x's source> }` (recursively),
//! and a `#[cfg(test)]` child left out. The core holds only what the
//! submission runs (the tuner's own code lives in the tuner), so the export
//! pastes what the crate holds and no list is kept by hand.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let src = root.join("core/src");
    println!("cargo:rerun-if-changed={}", src.display());
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let pasted = out.join("core");
    std::fs::create_dir_all(&pasted).expect("create OUT_DIR/core");
    let lib_file = src.join("lib.rs");
    println!("cargo:rerun-if-changed={}", lib_file.display());
    let lib = std::fs::read_to_string(&lib_file).expect("core/src/lib.rs");
    let mut rows = Vec::new();
    for line in lib.lines() {
        let Some(name) = line
            .trim()
            .strip_prefix("pub mod ")
            .and_then(|rest| rest.strip_suffix(';'))
        else {
            continue;
        };
        let (file, dir) = module_file(&src, name);
        let text = inlined(&file, &dir);
        let written = pasted.join(format!("{name}.rs"));
        std::fs::write(&written, text).expect("write OUT_DIR/core/NAME.rs");
        rows.push(format!(
            "    ({name:?}, include_str!({:?})),\n",
            written.display().to_string()
        ));
    }
    assert!(!rows.is_empty(), "core/src/lib.rs declares no `pub mod`");
    let code = format!(
        "/// The core crate's public modules, in declaration order: (name, source\n/// with its child modules inlined).\npub const CORE_MODULES: &[(&str, &str)] = &[\n{}];\n",
        rows.concat()
    );
    std::fs::write(out.join("core_modules.rs"), code).expect("write OUT_DIR/core_modules.rs");
}

/// The file of module `name` declared in a module whose children live in
/// `dir`: `name.rs` or `name/mod.rs` (not both), and the folder of its own
/// children (`name/` either way).
fn module_file(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let flat = dir.join(format!("{name}.rs"));
    let folder = dir.join(name).join("mod.rs");
    let file = match (flat.exists(), folder.exists()) {
        (true, false) => flat,
        (false, true) => folder,
        (true, true) => panic!("core module `{name}`: both {flat:?} and {folder:?} exist"),
        (false, false) => panic!("core module `{name}`: neither {flat:?} nor {folder:?} exists"),
    };
    (file, dir.join(name))
}

/// The name and visibility of a line that declares a child module from its
/// own file (`mod x;`, `pub mod x;`, `pub(crate) mod x;`, …).
fn child_module(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    let rest = line.strip_suffix(';')?;
    let at = rest.find("mod ")?;
    let (vis, name) = (&rest[..at], rest[at + 4..].trim());
    let vis_ok =
        vis.is_empty() || vis == "pub " || (vis.starts_with("pub(") && vis.ends_with(") "));
    let name_ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (vis_ok && name_ok).then_some((vis, name))
}

/// The source of `file` with each child module's source inlined, children
/// from `dir`; a child under `#[cfg(test)]` is left out (with its
/// attributes and doc comment).
fn inlined(file: &Path, dir: &Path) -> String {
    println!("cargo:rerun-if-changed={}", file.display());
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    let mut out = String::with_capacity(text.len());
    // Attribute and outer doc lines not yet written: they belong to the
    // next item, which may be a test-only child.
    let mut pending: Vec<&str> = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if (t.starts_with("#[") && !t.starts_with("#![")) || t.starts_with("///") {
            pending.push(line);
            continue;
        }
        let Some((vis, name)) = child_module(line) else {
            for p in pending.drain(..) {
                out.push_str(p);
                out.push('\n');
            }
            out.push_str(line);
            out.push('\n');
            continue;
        };
        if pending.iter().any(|p| p.trim() == "#[cfg(test)]") {
            pending.clear();
            continue;
        }
        assert!(
            !pending.iter().any(|p| p.trim_start().starts_with("#[path")),
            "{file:?}: `#[path]` on `mod {name};` is not followed by the export"
        );
        for p in pending.drain(..) {
            out.push_str(p);
            out.push('\n');
        }
        let (child, child_dir) = module_file(dir, name);
        out.push_str(&format!(
            "{vis}mod {name} {{\n{}}}\n",
            inlined(&child, &child_dir)
        ));
    }
    for p in pending {
        out.push_str(p);
        out.push('\n');
    }
    out
}
