//! The `tuner` command line.

fn main() {
    yacht_tuner::edge::cli::main()
}
