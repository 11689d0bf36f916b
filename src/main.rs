//! The `tuner` command line.

fn main() {
    // In an MPI run (`--features mpi`), ranks other than 0 serve rank 0's
    // series and end when it does. `tuner play` is a protocol program (a
    // player the tuner itself may start): it never joins.
    #[cfg(feature = "mpi")]
    if std::env::args().nth(1).as_deref() != Some("play")
        && let yacht_tuner::host::spread::Role::Served = yacht_tuner::host::spread::start()
    {
        return;
    }
    let code = match yacht_tuner::edge::cli::run() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e:#}");
            1
        }
    };
    yacht_tuner::edge::out::exit(code)
}
