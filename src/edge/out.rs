//! Command output on stdout: a closed pipe (`tuner … | head`) ends the
//! program quietly instead of panicking.

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
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}
