//! Ctrl-C: the first lets the games under way finish and starts no more
//! (each command then shows what it has, marked interrupted, and exits
//! 130); the second kills the running programs and quits at once.

/// What to tell a user who stops the run under way (set by `evolve`).
static RESUME_HINT: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Sets what a second Ctrl-C tells before quitting.
pub fn set_resume_hint(hint: String) {
    *RESUME_HINT.lock().unwrap_or_else(|e| e.into_inner()) = Some(hint);
}

/// Installs the handler (see the module's comment).
pub fn stop_on_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        let hint = RESUME_HINT.lock().ok().and_then(|h| h.clone());
        if crate::host::stop::requested() {
            crate::host::stop::kill_running_programs();
            eprintln!(
                "\nstopped{}",
                hint.map(|h| format!("\n{h}")).unwrap_or_default()
            );
            std::process::exit(INTERRUPTED);
        }
        crate::host::stop::request();
        eprintln!(
            "\nstopping: the games under way finish, no more start (Ctrl-C again to quit now)"
        );
    });
}

/// Exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells use.
pub const INTERRUPTED: i32 = 130;

/// After a command has shown what it did: exit 130 if Ctrl-C stopped it.
pub fn exit_if_stopped() {
    if crate::host::stop::requested() {
        crate::edge::out::exit(INTERRUPTED);
    }
}
