//! `tuner-mpi`: the `tuner` command line with its series spread over the
//! processes of an MPI run (started by `mpirun` or `srun`; `spread`). Rank
//! 0 runs the command; every other rank serves its games and ends when
//! rank 0 does. Without a launcher it is the plain `tuner`. (A program
//! player a rank starts, such as `tuner play`, does not see the launcher's
//! variables: it never joins.)

mod spread;

fn main() {
    if let spread::Role::Served = spread::start() {
        return;
    }
    yacht_tuner::edge::out::at_exit(spread::finish);
    yacht_tuner::edge::cli::main()
}
