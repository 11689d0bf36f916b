//! Lists the core crate's modules for `tuner export`: every `pub mod NAME;`
//! of `core/src/lib.rs`, in the order declared there, as (NAME, source)
//! pairs in `$OUT_DIR/core_modules.rs`. The export pastes what the crate
//! holds, so no list is kept by hand.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let src = root.join("core/src");
    println!("cargo:rerun-if-changed={}", src.display());
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("core/src/lib.rs");
    let mut rows = Vec::new();
    for line in lib.lines() {
        let Some(name) = line
            .trim()
            .strip_prefix("pub mod ")
            .and_then(|rest| rest.strip_suffix(';'))
        else {
            continue;
        };
        let file = module_file(&src, name);
        rows.push(format!(
            "    ({name:?}, include_str!({:?})),\n",
            file.display().to_string()
        ));
    }
    assert!(!rows.is_empty(), "core/src/lib.rs declares no `pub mod`");
    let code = format!(
        "/// The core crate's public modules, in declaration order: (name, source).\npub const CORE_MODULES: &[(&str, &str)] = &[\n{}];\n",
        rows.concat()
    );
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("core_modules.rs"), code).expect("write OUT_DIR/core_modules.rs");
}

/// `NAME.rs` of the core crate; nested module folders are not exported
/// (the core is flat), so `NAME/mod.rs` is refused.
fn module_file(src: &Path, name: &str) -> PathBuf {
    let file = src.join(format!("{name}.rs"));
    assert!(
        file.exists(),
        "core module `{name}` must be core/src/{name}.rs (the export pastes flat modules)"
    );
    file
}
