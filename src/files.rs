//! Files: reading with the path in the error, and atomic writes (a
//! temporary file of a name unique to this process and write beside the
//! target, then a rename), so a written file is complete or absent.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file that could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("cannot read {}: {err}", path.display())]
    Read { path: PathBuf, err: io::Error },
    #[error("cannot create {}: {err}", path.display())]
    CreateDir { path: PathBuf, err: io::Error },
    #[error("cannot write {}: {err}", path.display())]
    Write { path: PathBuf, err: io::Error },
}

/// Reads a file with its path in the error.
pub fn read_file(path: &Path) -> Result<String, FileError> {
    std::fs::read_to_string(path).map_err(|err| FileError::Read {
        path: path.to_path_buf(),
        err,
    })
}

/// Writes a file atomically: a temporary file beside it, then a rename.
/// Missing folders are created.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|err| FileError::CreateDir {
            path: dir.to_path_buf(),
            err,
        })?;
    }
    let tmp = temporary_beside(path);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    written.map_err(|err| {
        let _ = std::fs::remove_file(&tmp);
        FileError::Write {
            path: path.to_path_buf(),
            err,
        }
    })
}

/// `NAME.<pid>.<n>.tmp` beside `path`: no two writers share one.
pub fn temporary_beside(path: &Path) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!("{name}.{}.{n}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("files-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("sub/out.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(read_file(&path).unwrap(), "two");
        let names: Vec<_> = std::fs::read_dir(dir.join("sub")).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert_ne!(temporary_beside(&path), temporary_beside(&path));
        let e = read_file(&dir.join("missing")).unwrap_err().to_string();
        assert!(
            e.starts_with("cannot read ") && e.contains("missing"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
