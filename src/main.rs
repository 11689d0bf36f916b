//! The `tuner` command line.

fn main() {
    // In an MPI run (`--features mpi`), ranks other than 0 serve rank 0's
    // series and end when it does. (A program player a rank starts, such as
    // `tuner play`, does not see the launcher's variables: it never joins.)
    #[cfg(feature = "mpi")]
    if let yacht_tuner::host::spread::Role::Served = yacht_tuner::host::spread::start() {
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
