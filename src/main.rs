//! The `tuner` command line.

fn main() {
    if let Err(e) = yacht_tuner::edge::cli::run() {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
