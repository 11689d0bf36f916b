//! One process per run folder: `lock` in the folder holds the pid of the
//! tuner working on it.

use super::dir::RunDir;
use super::error::{Result, RunError};
use crate::files::FileError;
use std::path::PathBuf;

/// A run folder held by this process: `lock` in the folder holds its pid,
/// made with create-new (so only one process makes it) and removed when
/// dropped. A lock whose process is gone (killed) is taken over.
#[derive(Debug)]
pub struct RunLock(PathBuf);

impl Drop for RunLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

impl RunDir {
    pub fn lock(&self) -> Result<RunLock> {
        std::fs::create_dir_all(&self.0).map_err(|err| FileError::CreateDir {
            path: self.0.clone(),
            err,
        })?;
        let path = self.lock_file();
        for _ in 0..2 {
            let made = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path);
            match made {
                Ok(mut f) => {
                    use std::io::Write;
                    let _ = writeln!(f, "{}", std::process::id());
                    return Ok(RunLock(path));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let holder = std::fs::read_to_string(&path).unwrap_or_default();
                    match holder.trim().parse::<i32>() {
                        Ok(pid) if alive(pid) => {
                            return Err(RunError::InUse {
                                dir: self.0.clone(),
                                pid: Some(pid),
                            });
                        }
                        // Gone (or still writing its pid): a stale lock.
                        Ok(_) => {
                            let _ = std::fs::remove_file(&path);
                        }
                        Err(_) => {
                            return Err(RunError::InUse {
                                dir: self.0.clone(),
                                pid: None,
                            });
                        }
                    }
                }
                Err(err) => return Err(FileError::Write { path, err }.into()),
            }
        }
        Err(RunError::InUse {
            dir: self.0.clone(),
            pid: None,
        })
    }
}

/// Whether process `pid` exists.
fn alive(pid: i32) -> bool {
    // SAFETY: kill(2) with signal 0 only checks that the process exists.
    pid > 0 && unsafe { libc::kill(pid, 0) } == 0
}
