//! Command output on stdout (a closed pipe, `tuner … | head`, ends the
//! program quietly instead of panicking), the checks on output files made
//! before any work, and the program's end.

use anyhow::{Result, bail};
use std::path::{Path, PathBuf};

/// Writes one line of command output (see `say!`).
pub fn say_line(line: std::fmt::Arguments) {
    write_out(&format!("{line}\n"));
}

/// Writes command output; a closed pipe ends the program quietly.
pub fn write_out(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        exit(1);
    }
}

/// What runs before the program ends through [`exit`] (set once: the MPI
/// build, `tuner-mpi`, tells the other ranks to stop serving and ends MPI).
static AT_EXIT: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Runs `finish` before the program ends through [`exit`] (once per
/// process; a second call is ignored).
pub fn at_exit(finish: fn()) {
    let _ = AT_EXIT.set(finish);
}

/// Ends the program with `code`, after what [`at_exit`] set.
pub fn exit(code: i32) -> ! {
    if let Some(finish) = AT_EXIT.get() {
        finish();
    }
    std::process::exit(code)
}

/// Output files go into folders that exist and take files (this user
/// can write there): every command checks its output files with this
/// before its first game, so that a mistyped or read-only folder is an
/// error before any work, not a new folder or work lost.
pub fn outputs_go_to_folders<'a>(
    files: impl IntoIterator<Item = &'a Option<PathBuf>>,
) -> Result<()> {
    for file in files.into_iter().flatten() {
        match file.parent() {
            Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => bail!(
                "cannot write {}: the folder {} does not exist",
                file.display(),
                dir.display()
            ),
            _ if file.is_dir() => bail!("{} is a folder, not a file", file.display()),
            _ => folder_takes_files(file)?,
        }
    }
    Ok(())
}

/// The folder of `file` takes files (a temporary one is made and removed),
/// checked before work whose result would be lost.
pub fn folder_takes_files(file: &Path) -> Result<()> {
    let probe = crate::files::temporary_beside(file);
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => bail!(
            "cannot write {}: {e} (give a folder this user can write)",
            file.display()
        ),
    }
}

/// An existing file is replaced only with `--force`.
pub fn refuse_to_overwrite(out: &Path, force: bool) -> Result<()> {
    outputs_go_to_folders([&Some(out.to_path_buf())])?;
    if out.exists() && !force {
        bail!(
            "{} exists: give --force to replace it (nothing was written)",
            out.display()
        );
    }
    Ok(())
}
