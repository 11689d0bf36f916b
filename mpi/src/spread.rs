//! Series spread over the processes of an MPI run (`tuner-mpi`,
//! started by `mpirun` or `srun`). Rank 0 runs the command as a single
//! process would; every other rank serves: it receives each job, plays its
//! share of each chunk on its own cores (game `k` of a chunk starting at
//! `s` goes to rank `(k − s) mod size`), and sends the results back. Rank
//! 0 folds them in game order, so every figure and file is the single
//! process's, byte for byte, whatever the number of ranks.

use mpi::datatype::PartitionMut;
use mpi::environment::Universe;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use std::ops::Range;
use std::sync::Mutex;
use yacht_tuner::host::gauntlet::Gauntlet;
use yacht_tuner::host::series::{self, Job, JobKind, Spread, share};
use yacht_tuner::host::tournament::RoundJob;

/// Variables a launcher sets in the processes it starts (Open MPI's
/// mpirun, MPICH's hydra and Slurm's PMI-2, PMIx).
const LAUNCHED: [&str; 3] = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"];

/// The MPI environment: taken and dropped (MPI_Finalize) at the end.
static UNIVERSE: Mutex<Option<Universe>> = Mutex::new(None);

/// What this process is in the run.
pub enum Role {
    /// Rank 0 (or a run without mpirun): runs the command.
    Root,
    /// Another rank: has served until rank 0 finished; exits now.
    Served,
}

/// Starts MPI when a launcher (`mpirun`, `srun`) started this process.
/// Rank 0 of several gets its series spread; any other rank serves them
/// until rank 0 ends (then returns `Served`). Without a launcher, MPI is
/// not started at all: the process is the single process `tuner` is (a
/// singleton MPI_Init would start a daemon as this
/// process's child, which the end of a program player's game takes for an
/// escaped process and kills).
pub fn start() -> Role {
    if !LAUNCHED.iter().any(|v| std::env::var_os(v).is_some()) {
        return Role::Root;
    }
    let Some((universe, _)) = mpi::initialize_with_threading(mpi::Threading::Serialized) else {
        return Role::Root;
    };
    let world = universe.world();
    let (rank, size) = (world.rank(), world.size());
    *lock() = Some(universe);
    if rank == 0 {
        if size > 1 {
            series::spread_with(Box::new(Ranks { size }));
        }
        return Role::Root;
    }
    // The shipped table, which every genome and `dp` plays on, is decoded
    // now, while rank 0 starts, not when the first job arrives.
    yacht_tuner::players::values::shipped_table();
    serve(&world, rank, size);
    finish_here();
    Role::Served
}

/// Rank 0's end: tells the other ranks to stop serving, then ends MPI.
/// Call before the process exits (with any status).
pub fn finish() {
    if let Some(universe) = lock().as_ref() {
        let world = universe.world();
        if world.rank() == 0 && world.size() > 1 {
            let mut header = [QUIT, 0];
            world.process_at_rank(0).broadcast_into(&mut header[..]);
        }
    }
    finish_here();
}

fn finish_here() {
    drop(lock().take());
}

fn lock() -> std::sync::MutexGuard<'static, Option<Universe>> {
    UNIVERSE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Header tags: what rank 0 sends next (the end, or a job of a kind).
const QUIT: u64 = 0;
const GAUNTLET: u64 = 1;
const ROUND: u64 = 2;

fn tag(kind: JobKind) -> u64 {
    match kind {
        JobKind::Gauntlet => GAUNTLET,
        JobKind::Round => ROUND,
    }
}

/// Rank 0's side.
struct Ranks {
    size: i32,
}

impl Ranks {
    fn world(&self) -> SimpleCommunicator {
        SimpleCommunicator::world()
    }
}

impl Spread for Ranks {
    fn processes(&self) -> u64 {
        self.size as u64
    }

    fn begin(&self, kind: JobKind, job: &[u8]) {
        let _held = lock();
        let world = self.world();
        let root = world.process_at_rank(0);
        let mut header = [tag(kind), job.len() as u64];
        root.broadcast_into(&mut header[..]);
        let mut bytes = job.to_vec();
        root.broadcast_into(&mut bytes[..]);
    }

    fn chunk(
        &self,
        games: Range<u64>,
        play_here: &(dyn Fn(&[u64]) -> Vec<u8> + Sync),
    ) -> Vec<(Vec<u64>, Vec<u8>)> {
        let _held = lock();
        let world = self.world();
        let root = world.process_at_rank(0);
        let mut message = [games.start, games.end, 1];
        root.broadcast_into(&mut message[..]);
        let mine = play_here(&share(&games, 0, self.size));
        let mut counts = vec![0i32; self.size as usize];
        root.gather_into_root(&(mine.len() as i32), &mut counts[..]);
        let displs: Vec<i32> = counts
            .iter()
            .scan(0, |at, &n| {
                let d = *at;
                *at += n;
                Some(d)
            })
            .collect();
        let mut all = vec![0u8; counts.iter().map(|&n| n as usize).sum()];
        let mut parts = PartitionMut::new(&mut all[..], counts.clone(), &displs[..]);
        root.gather_varcount_into_root(&mine[..], &mut parts);
        (0..self.size)
            .map(|r| {
                let at = displs[r as usize] as usize;
                let bytes = all[at..at + counts[r as usize] as usize].to_vec();
                (share(&games, r, self.size), bytes)
            })
            .collect()
    }

    fn done(&self) {
        let _held = lock();
        let mut message = [0, 0, 0];
        self.world()
            .process_at_rank(0)
            .broadcast_into(&mut message[..]);
    }
}

/// A rank's life: jobs from rank 0, until it says quit.
fn serve(world: &SimpleCommunicator, rank: i32, size: i32) {
    let root = world.process_at_rank(0);
    loop {
        let mut header = [0u64; 2];
        root.broadcast_into(&mut header[..]);
        let mut bytes = match header[0] {
            QUIT => return,
            _ => vec![0u8; header[1] as usize],
        };
        root.broadcast_into(&mut bytes[..]);
        match header[0] {
            GAUNTLET => serve_job::<Gauntlet>(world, &bytes, rank, size),
            ROUND => serve_job::<RoundJob>(world, &bytes, rank, size),
            other => panic!("rank {rank}: unknown job tag {other} from rank 0"),
        }
    }
}

/// One job's chunks, each rank's share played here and sent to rank 0.
fn serve_job<J: Job>(world: &SimpleCommunicator, bytes: &[u8], rank: i32, size: i32) {
    let job: J = serde_json::from_slice(bytes).expect("a job from this very program");
    let root = world.process_at_rank(0);
    loop {
        let mut message = [0u64; 3];
        root.broadcast_into(&mut message[..]);
        if message[2] == 0 {
            return;
        }
        let games = message[0]..message[1];
        let mine = series::play_encoded(&job, &share(&games, rank, size), &|| {});
        root.gather_into(&(mine.len() as i32));
        root.gather_varcount_into(&mine[..]);
    }
}
