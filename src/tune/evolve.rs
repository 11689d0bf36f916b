//! `tuner evolve`: the run loop around the GA. Each generation meets fresh
//! dice shared by all its genomes (common random numbers), paired seats,
//! elites re-evaluated. The run folder holds config.toml, generations.csv,
//! checkpoint.json (atomic, after every generation), best.toml and
//! validation.json; `--resume` continues a killed run to the same result.

use crate::files::FileError;
use crate::files::{read_file, write_atomic};
use crate::host::player::Player;
use crate::players::StrategySpec;
use crate::rng::derive_seed;
use crate::tune::eval::{Evaluation, Faults, Fitness, Paired, evaluate};
use crate::tune::ga::{
    FrozenGenes, GaSettings, diversity, frozen_genes, next_generation, perturbed, ranking,
};
use crate::tune::heldout::HeldOutCheck;
use crate::tune::named::NamedGenes;
use crate::tune::suite::Opponent;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;
use yacht_core::genome::{GENES, Genome};
use yacht_genome_file::GenomeError;
use yacht_genome_file::genome_to_toml;

/// One opponent as recorded in a run's config.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SuiteEntry {
    pub name: String,
    /// `builtin:SPEC` or a command line.
    pub player: String,
    pub weight: f64,
    /// A genome opponent's genes as the run started (the hall of fame,
    /// e.g. `params/best.toml`, may change later): the run plays these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genes: Option<NamedGenes>,
}

/// Everything needed to reproduce a run (config.toml).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    pub name: String,
    pub seed: u64,
    pub generations: u32,
    pub population: usize,
    /// Games per opponent per evaluation (deals played twice).
    pub games: u64,
    /// Games per opponent when validating the top genomes at the end.
    pub validation_games: u64,
    /// How many of the final ranking are validated.
    pub validate_top: usize,
    /// Spread of the first generation around the initial genomes (fraction of range).
    pub init_sigma: f64,
    pub ga: GaSettings,
    /// What a game is worth to the fitness (runs before it was recorded
    /// used the win rate).
    #[serde(default)]
    pub fitness: Fitness,
    pub suite: Vec<SuiteEntry>,
    /// Strong opponents never used for selection: a new champion must not
    /// be worse against them (runs before it was recorded had none).
    #[serde(default)]
    pub heldout: Vec<SuiteEntry>,
    /// The initial genomes, by gene name, with where they came from.
    pub initial: Vec<InitialGenome>,
    pub tool_version: String,
    pub git_revision: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InitialGenome {
    pub source: String,
    pub genes: NamedGenes,
}

/// One generation's summary (a row of generations.csv).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GenerationRow {
    pub generation: u32,
    pub best: f64,
    pub mean: f64,
    pub worst: f64,
    pub diversity: f64,
    pub elapsed_s: f64,
    pub games: u64,
    /// Games of the generation lost by a candidate's fault.
    #[serde(default)]
    pub faults_candidates: u64,
    /// Games of the generation lost by an opponent's fault.
    #[serde(default)]
    pub faults_opponents: u64,
    /// The best genome's win rate per opponent, in suite order.
    pub best_by_opponent: Vec<f64>,
}

/// The state after a finished generation (checkpoint.json).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Checkpoint {
    /// The generation to evaluate next.
    pub next_generation: u32,
    pub population: Vec<NamedGenes>,
    /// Fitness of the last evaluated population (for the final ranking).
    pub last_fitness: Vec<f64>,
    pub last_population: Vec<NamedGenes>,
    /// Every fitness each genome of `last_population` got, oldest first:
    /// an elite is evaluated again, on fresh dice, in each generation it
    /// survives. Empty in checkpoints written before it was kept.
    #[serde(default)]
    pub last_scores: Vec<Vec<f64>>,
    pub rows: Vec<GenerationRow>,
}

impl Checkpoint {
    /// Whether its parts agree: a population to go on with, one fitness
    /// per genome last evaluated, one row per generation done.
    fn check(&self) -> std::result::Result<(), String> {
        if self.population.len() < 2 {
            return Err(format!("a population of {}", self.population.len()));
        }
        if self.last_fitness.len() != self.last_population.len() {
            return Err(format!(
                "{} fitness values for {} genomes",
                self.last_fitness.len(),
                self.last_population.len()
            ));
        }
        if self.rows.len() != self.next_generation as usize {
            return Err(format!(
                "{} rows for {} generations",
                self.rows.len(),
                self.next_generation
            ));
        }
        if self.next_generation > 0 && self.last_population.is_empty() {
            return Err("no last generation".into());
        }
        if !self.last_scores.is_empty() && self.last_scores.len() != self.last_population.len() {
            return Err(format!(
                "scores of {} genomes for {}",
                self.last_scores.len(),
                self.last_population.len()
            ));
        }
        Ok(())
    }

    /// The scores `pop`'s genomes already have: those of the same genome
    /// in the last population (an elite, or a child that is an exact copy).
    fn carried_scores(&self, pop: &[Genome]) -> Vec<Vec<f64>> {
        pop.iter()
            .map(|g| {
                self.last_population
                    .iter()
                    .zip(&self.last_scores)
                    .find(|(p, _)| p.genome == *g)
                    .map_or_else(Vec::new, |(_, s)| s.clone())
            })
            .collect()
    }

    /// What the last population's genomes are ranked by for validation:
    /// each one's mean over all its evaluations (its latest fitness in
    /// checkpoints without scores).
    fn mean_scores(&self) -> Vec<f64> {
        if self.last_scores.len() != self.last_population.len() {
            return self.last_fitness.clone();
        }
        self.last_scores
            .iter()
            .map(|s| s.iter().sum::<f64>() / s.len().max(1) as f64)
            .collect()
    }
}

/// The genes some of `genomes` took by default (their file predates them),
/// in table order.
fn defaulted<'a>(genomes: impl Iterator<Item = &'a NamedGenes>) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = genomes.flat_map(|g| g.defaulted.clone()).collect();
    names.sort_by_key(|n| Genome::index_of(n));
    names.dedup();
    names
}

/// Why a run could not be created, resumed or finished.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    File(#[from] FileError),
    #[error(transparent)]
    Genome(#[from] GenomeError),
    #[error("{} already holds a run: use --resume {} or another --name", .0.display(), .0.display())]
    Exists(PathBuf),
    #[error("{}: no run here (--resume needs a run folder with config.toml)", .0.display())]
    NoRun(PathBuf),
    #[error(
        "{} has no checkpoint.json (committed runs do not carry one), so it cannot be resumed: \
         it would restart at generation 0 over {}; start a new run (--name) instead. Nothing was changed",
        dir.display(), kept.display()
    )]
    NoCheckpoint { dir: PathBuf, kept: PathBuf },
    #[error("{} is not a valid run config: {err}", path.display())]
    BadConfig { path: PathBuf, err: toml::de::Error },
    #[error("{} is damaged (delete it to restart the run from generation 0): {err}", path.display())]
    DamagedCheckpoint { path: PathBuf, err: String },
    #[error("suite entry `{name}`: {err}")]
    Suite { name: String, err: String },
    #[error("{0}")]
    Unearned(String),
    #[error("interrupted at generation {0} (the checkpoint holds every finished generation)")]
    Interrupted(u32),
    #[error("{} is in use by another tuner{}; if none runs, delete {}/lock", .dir.display(), pid.map(|p| format!(" (process {p})")).unwrap_or_default(), .dir.display())]
    InUse { dir: PathBuf, pid: Option<i32> },
    #[error("--name must not be empty")]
    EmptyName,
    #[error("{0}")]
    Frozen(String),
    #[error(
        "run `{run}` has already run {done} generations: --generations {asked} would shorten it"
    )]
    Shorter { run: String, done: u32, asked: u32 },
    #[error(
        "held-out opponent `{0}` is also in the training suite: a held-out suite must be disjoint from it"
    )]
    HeldOutInTraining(String),
    #[error("the run has no evaluated generation to validate")]
    NothingToValidate,
    #[error("cannot encode {what}: {err}")]
    Encode { what: &'static str, err: String },
}

type Result<T, E = RunError> = std::result::Result<T, E>;

fn encode<E: std::fmt::Display>(what: &'static str) -> impl FnOnce(E) -> RunError {
    move |e| RunError::Encode {
        what,
        err: e.to_string(),
    }
}

fn named(pop: &[Genome]) -> Vec<NamedGenes> {
    pop.iter().map(NamedGenes::from).collect()
}

fn genomes(pop: &[NamedGenes]) -> Vec<Genome> {
    pop.iter().map(|g| g.genome.clone()).collect()
}

pub fn git_revision() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

impl RunConfig {
    /// The training suite.
    pub fn opponents(&self) -> Result<Vec<Opponent>> {
        players_of(&self.suite)
    }

    /// The held-out suite.
    pub fn heldout_opponents(&self) -> Result<Vec<Opponent>> {
        players_of(&self.heldout)
    }
}

/// The players of a suite recorded in a run's config.
fn players_of(suite: &[SuiteEntry]) -> Result<Vec<Opponent>> {
    suite
        .iter()
        .map(|e| {
            let player = match &e.genes {
                Some(genes) => genome_player(&e.name, &genes.genome),
                None => Player::parse(&e.player).map_err(|err| RunError::Suite {
                    name: e.name.clone(),
                    err: err.to_string(),
                })?,
            };
            Ok(Opponent {
                name: e.name.clone(),
                player,
                weight: e.weight,
            })
        })
        .collect()
}

/// A suite as a run's config records it.
fn entries_of(suite: &[Opponent]) -> Vec<SuiteEntry> {
    suite
        .iter()
        .map(|o| SuiteEntry {
            name: o.name.clone(),
            player: o.player.command(),
            weight: o.weight,
            genes: match &o.player {
                Player::Builtin(StrategySpec::Genome { genome, .. }) => {
                    Some(NamedGenes::from(genome.as_ref()))
                }
                _ => None,
            },
        })
        .collect()
}

impl RunConfig {
    /// The genes the GA leaves alone.
    fn frozen(&self) -> Result<FrozenGenes> {
        frozen_genes(&self.ga.frozen).map_err(RunError::Frozen)
    }

    /// The first generation: the initial genomes, then perturbed copies.
    fn first_population(&self, frozen: &FrozenGenes) -> Vec<Genome> {
        let init: Vec<Genome> = self
            .initial
            .iter()
            .map(|g| g.genes.genome.clone())
            .collect();
        let init = if init.is_empty() {
            vec![Genome::default()]
        } else {
            init
        };
        (0..self.population)
            .map(|i| {
                let base = &init[i % init.len()];
                if i < init.len() {
                    base.clone()
                } else {
                    perturbed(
                        base,
                        self.init_sigma,
                        frozen,
                        derive_seed(&[self.seed, 0x1417, i as u64]),
                    )
                }
            })
            .collect()
    }
}

/// What `tuner evolve` is given to start a run.
#[derive(Clone, Debug)]
pub struct NewRun {
    /// The folder's name under `runs_dir`; None: `run-s<seed>`, made unique.
    pub name: Option<String>,
    pub runs_dir: PathBuf,
    pub seed: u64,
    pub generations: u32,
    pub population: usize,
    pub games: u64,
    pub validation_games: u64,
    pub validate_top: usize,
    /// Genome files the first generation starts from.
    pub init: Vec<PathBuf>,
    pub suite: Vec<Opponent>,
    /// Opponents never used for selection (none of them in `suite`).
    pub heldout: Vec<Opponent>,
    pub fitness: Fitness,
    /// Genes the GA leaves as the initial genomes have them.
    pub freeze: Vec<String>,
}

/// Creates a run folder and its config.toml (seed, settings, suite,
/// initial genomes, tool version, git revision). A folder that already
/// holds a run is an error saying how to resume it.
pub fn create_run(new: &NewRun) -> Result<(RunDir, RunLock)> {
    frozen_genes(&new.freeze).map_err(RunError::Frozen)?;
    let mut initial = Vec::new();
    for p in &new.init {
        let shown = p.display().to_string();
        let g = yacht_genome_file::read_genome(p, &shown)?;
        initial.push(InitialGenome {
            source: shown,
            genes: (&g).into(),
        });
    }
    let (suite, heldout) = (entries_of(&new.suite), entries_of(&new.heldout));
    if let Some(both) = heldout
        .iter()
        .find(|h| suite.iter().any(|t| t.player == h.player))
    {
        return Err(RunError::HeldOutInTraining(both.player.clone()));
    }
    let path = match &new.name {
        Some(name) => new.runs_dir.join(name),
        None => free_path(&new.runs_dir, &format!("run-s{}", new.seed), ""),
    };
    let dir = RunDir(path);
    if new.name.as_deref().is_some_and(str::is_empty) {
        return Err(RunError::EmptyName);
    }
    // The lock first: of two runs started together, one gets the folder.
    let lock = dir.lock()?;
    if dir.config().exists() {
        return Err(RunError::Exists(dir.0));
    }
    let cfg = RunConfig {
        name: dir
            .0
            .file_name()
            .map_or_else(|| "run".into(), |n| n.to_string_lossy().into_owned()),
        seed: new.seed,
        generations: new.generations,
        population: new.population.max(2),
        games: new.games,
        validation_games: new.validation_games,
        validate_top: new.validate_top,
        init_sigma: 0.1,
        ga: GaSettings {
            frozen: new.freeze.clone(),
            ..GaSettings::default()
        },
        fitness: new.fitness,
        suite,
        heldout,
        initial,
        tool_version: env!("CARGO_PKG_VERSION").to_string(),
        git_revision: git_revision(),
    };
    let text = toml::to_string(&cfg).map_err(encode("config.toml"))?;
    write_atomic(&dir.config(), text.as_bytes())?;
    Ok((dir, lock))
}

/// `dir/NAME` + `suffix`, or `dir/NAME-2` + `suffix`, `-3`, … if taken.
fn free_path(dir: &Path, name: &str, suffix: &str) -> PathBuf {
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{name}{suffix}")),
            n => dir.join(format!("{name}-{n}{suffix}")),
        })
        .find(|p| !p.exists())
        .expect("a free name")
}

/// An existing run to resume: a run folder's path, or a bare name under
/// `runs_dir`.
pub fn open_run(given: &Path, runs_dir: &Path) -> Result<(RunDir, RunLock)> {
    let under = runs_dir.join(given);
    let path = if !given.exists() && given.components().count() == 1 && under.exists() {
        under
    } else {
        given.to_path_buf()
    };
    let dir = RunDir(path);
    if !dir.config().exists() {
        return Err(RunError::NoRun(dir.0));
    }
    let lock = dir.lock()?;
    dir.load_config()?;
    let kept = dir.results().into_iter().find(|p| p.exists());
    if let (false, Some(kept)) = (dir.checkpoint().exists(), kept) {
        return Err(RunError::NoCheckpoint { dir: dir.0, kept });
    }
    Ok((dir, lock))
}

/// Extends a run to `generations` (at least as many as it has run),
/// recorded in its config.toml and notes.txt; the result is that of a run
/// started with that many.
pub fn extend(dir: &RunDir, generations: u32) -> Result<()> {
    let mut cfg = dir.load_config()?;
    let done = dir.load_checkpoint()?.map_or(0, |c| c.next_generation);
    if generations < done {
        return Err(RunError::Shorter {
            run: cfg.name,
            done,
            asked: generations,
        });
    }
    if generations != cfg.generations {
        let note = format!(
            "{}: generations {} → {generations} (--resume --generations)",
            today(),
            cfg.generations
        );
        cfg.generations = generations;
        let text = toml::to_string(&cfg).map_err(encode("config.toml"))?;
        write_atomic(&dir.config(), text.as_bytes())?;
        append_note(dir, &note)?;
    }
    Ok(())
}

/// Adds a line to the run's notes.txt.
fn append_note(dir: &RunDir, line: &str) -> Result<()> {
    let mut text = std::fs::read_to_string(dir.notes()).unwrap_or_default();
    text.push_str(line);
    text.push('\n');
    Ok(write_atomic(&dir.notes(), text.as_bytes())?)
}

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
        let path = self.0.join("lock");
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

fn genome_player(name: &str, g: &Genome) -> Player {
    Player::Builtin(StrategySpec::genome(name, g.clone()))
}

/// Files of a run folder.
pub struct RunDir(pub PathBuf);

impl RunDir {
    pub fn config(&self) -> PathBuf {
        self.0.join("config.toml")
    }
    pub fn checkpoint(&self) -> PathBuf {
        self.0.join("checkpoint.json")
    }
    pub fn csv(&self) -> PathBuf {
        self.0.join("generations.csv")
    }
    pub fn best(&self) -> PathBuf {
        self.0.join("best.toml")
    }
    pub fn validation(&self) -> PathBuf {
        self.0.join("validation.json")
    }
    /// The files a run writes after its first generation: a folder with
    /// any of them and no checkpoint cannot be resumed without losing them.
    fn results(&self) -> [PathBuf; 4] {
        [self.csv(), self.best(), self.validation(), self.notes()]
    }
    /// What a resume had to assume (genes added since), for the record.
    pub fn notes(&self) -> PathBuf {
        self.0.join("notes.txt")
    }

    pub fn load_config(&self) -> Result<RunConfig> {
        let p = self.config();
        let text = read_file(&p)?;
        toml::from_str(&text).map_err(|err| RunError::BadConfig { path: p, err })
    }

    pub fn load_checkpoint(&self) -> Result<Option<Checkpoint>> {
        let p = self.checkpoint();
        if !p.exists() {
            return Ok(None);
        }
        let text = read_file(&p)?;
        let cp: Checkpoint =
            serde_json::from_str(&text).map_err(|err| RunError::DamagedCheckpoint {
                path: p.clone(),
                err: err.to_string(),
            })?;
        cp.check()
            .map_err(|err| RunError::DamagedCheckpoint { path: p, err })?;
        Ok(Some(cp))
    }
}

/// Writes generations.csv from the rows.
pub fn write_csv(path: &Path, names: &[String], rows: &[GenerationRow]) -> Result<()> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "generation",
        "best",
        "mean",
        "worst",
        "diversity",
        "elapsed_s",
        "games",
        "faults_candidates",
        "faults_opponents",
    ]
    .map(String::from)
    .to_vec();
    header.extend(names.iter().map(|n| format!("best_vs_{n}")));
    w.write_record(&header).map_err(encode("generations.csv"))?;
    for r in rows {
        let mut rec = vec![
            r.generation.to_string(),
            format!("{:.6}", r.best),
            format!("{:.6}", r.mean),
            format!("{:.6}", r.worst),
            format!("{:.6}", r.diversity),
            format!("{:.1}", r.elapsed_s),
            r.games.to_string(),
            r.faults_candidates.to_string(),
            r.faults_opponents.to_string(),
        ];
        rec.extend(r.best_by_opponent.iter().map(|x| format!("{x:.4}")));
        w.write_record(&rec).map_err(encode("generations.csv"))?;
    }
    let bytes = w.into_inner().map_err(encode("generations.csv"))?;
    Ok(write_atomic(path, &bytes)?)
}

/// What the caller wants to see while a run goes on.
pub trait Progress {
    fn generation(&mut self, row: &GenerationRow, total: u32);
    fn message(&mut self, text: &str);
}

/// Runs (or resumes) the generations of a run folder whose config.toml exists.
pub fn run_generations(dir: &RunDir, progress: &mut dyn Progress) -> Result<Checkpoint> {
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    let frozen = cfg.frozen()?;
    let names: Vec<String> = suite.iter().map(|o| o.name.clone()).collect();
    let loaded = dir.load_checkpoint()?;
    // What the next generation is made from: the checkpoint, or at first
    // the config's initial genomes.
    let added = match &loaded {
        Some(c) => defaulted(c.population.iter().chain(&c.last_population)),
        None => defaulted(cfg.initial.iter().map(|i| &i.genes)),
    };
    if !added.is_empty() {
        let note = format!(
            "genes this run's files do not have take their defaults: {}",
            added
                .iter()
                .map(|n| format!(
                    "{n} = {:?}",
                    GENES[Genome::index_of(n).expect("a gene")].default
                ))
                .collect::<Vec<_>>()
                .join(", ")
        );
        progress.message(&note);
        append_note(dir, &note)?;
    }
    let mut cp = match loaded {
        Some(cp) => {
            progress.message(&format!("resuming at generation {}", cp.next_generation));
            cp
        }
        None => Checkpoint {
            next_generation: 0,
            population: named(&cfg.first_population(&frozen)),
            last_fitness: vec![],
            last_population: vec![],
            last_scores: vec![],
            rows: vec![],
        },
    };
    let deals = cfg.games.div_ceil(2).max(1);
    let elapsed0 = cp.rows.last().map_or(0.0, |r| r.elapsed_s);
    let start = Instant::now();
    while cp.next_generation < cfg.generations {
        let generation = cp.next_generation;
        let pop = genomes(&cp.population);
        let seed = derive_seed(&[cfg.seed, 0x6E17, generation as u64]);
        let evals: Vec<Evaluation> = pop
            .iter()
            .map(|g| {
                let mut e = evaluate(
                    &genome_player("candidate", g),
                    &suite,
                    deals,
                    seed,
                    cfg.fitness,
                );
                // Game-by-game points are for comparisons, not kept here.
                e.opponents.iter_mut().for_each(|o| o.points = Vec::new());
                e
            })
            .collect();
        if crate::host::stop::requested() {
            // The generation's games were cut short: not recorded.
            return Err(RunError::Interrupted(generation));
        }
        if let Some(why) = evals.iter().find_map(Evaluation::unearned) {
            return Err(RunError::Unearned(why));
        }
        let faults = |f: fn(&Faults) -> u32| -> u64 {
            let all = evals.iter().flat_map(|e| &e.opponents);
            all.map(|o| u64::from(f(&o.faults))).sum()
        };
        let fitness: Vec<f64> = evals.iter().map(|e| e.fitness).collect();
        let mut scores = cp.carried_scores(&pop);
        for (s, &f) in scores.iter_mut().zip(&fitness) {
            s.push(f);
        }
        let order = ranking(&fitness);
        let best = &evals[order[0]];
        let row = GenerationRow {
            generation,
            best: fitness[order[0]],
            mean: fitness.iter().sum::<f64>() / fitness.len() as f64,
            worst: fitness[*order.last().expect("non-empty population")],
            diversity: diversity(&pop),
            elapsed_s: elapsed0 + start.elapsed().as_secs_f64(),
            games: 2 * deals * suite.len() as u64 * pop.len() as u64,
            faults_candidates: faults(|f| f.candidate),
            faults_opponents: faults(|f| f.opponent),
            best_by_opponent: best.opponents.iter().map(|o| o.win_rate).collect(),
        };
        let next = next_generation(
            &pop,
            &fitness,
            &cfg.ga,
            &frozen,
            derive_seed(&[cfg.seed, 0x6A, generation as u64]),
        );
        cp.rows.push(row.clone());
        cp.last_fitness = fitness;
        cp.last_scores = scores;
        cp.last_population = std::mem::replace(&mut cp.population, named(&next));
        cp.next_generation = generation + 1;
        write_csv(&dir.csv(), &names, &cp.rows)?;
        let text = serde_json::to_string(&cp).map_err(encode("checkpoint.json"))?;
        write_atomic(&dir.checkpoint(), text.as_bytes())?;
        progress.generation(&row, cfg.generations);
    }
    Ok(cp)
}

/// Fewest games per opponent of the comparison that may replace
/// `params/best.toml`: fewer never replace it.
pub const MIN_COMPARISON_GAMES: u32 = 200;

/// Looks of the sequential comparison with the incumbent: the fresh games
/// are played in this many equal stages, tested after each.
pub const LOOKS: u64 = 4;

/// Pocock's boundary for `LOOKS` equally spaced looks at one-sided 5 %: a
/// winner whose z crosses it at any look is better (the chance that an
/// equal one ever does is 5 %; a test checks it by simulation). Below its
/// negative the comparison stops: the winner is not better.
pub const Z_SEQUENTIAL: f64 = 2.067;

/// The end of a run: the top genomes validated on validation dice, the best
/// of them written to the run's best.toml, and then compared with the
/// incumbent `params_best` on fresh dice (paired, game by game, in `LOOKS`
/// stages): it replaces the incumbent only when a sequential one-sided
/// test at 5 % says it is better, over at least `MIN_COMPARISON_GAMES`
/// games per opponent, and it is not worse on the held-out suite (see
/// [`promoted`]). The replaced file is kept in `params/history/`.
pub struct Validation {
    /// What was decided, as validation.json holds it.
    pub record: ValidationRecord,
    pub winner_genome: Genome,
}

/// validation.json: what `validate` decided, as it writes it and as the
/// plot reads it back.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ValidationRecord {
    /// The seed of the validation dice.
    pub seed: u64,
    pub games_per_opponent: u64,
    /// The best of the top genomes on the validation dice.
    pub winner: Evaluation,
    /// Against the incumbent on the training suite (none without one).
    pub comparison: Option<Comparison>,
    /// Against the incumbent on the held-out suite (runs before it was
    /// recorded, or without a held-out suite, have none).
    #[serde(default)]
    pub heldout: Option<HeldOutCheck>,
    pub replaced_params_best: bool,
    pub previous_kept_as: Option<PathBuf>,
}

impl ValidationRecord {
    /// The record in `dir`, if the run has been validated and the file
    /// reads as one.
    pub fn read(dir: &RunDir) -> Option<ValidationRecord> {
        let text = std::fs::read_to_string(dir.validation()).ok()?;
        serde_json::from_str(&text).ok()
    }
}

/// The winner against the incumbent on fresh dice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Comparison {
    pub seed: u64,
    pub winner_fitness: f64,
    pub incumbent_fitness: f64,
    /// The test over every stage played.
    pub test: Paired,
    /// z after each stage played (at most `LOOKS`).
    #[serde(with = "crate::tune::eval::unbounded::each")]
    pub looks: Vec<f64>,
    /// Why it did or did not replace the incumbent.
    pub verdict: String,
}

pub fn validate(
    dir: &RunDir,
    cp: &Checkpoint,
    params_best: &Path,
    progress: &mut dyn Progress,
) -> Result<Validation> {
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    if cp.last_population.is_empty() {
        return Err(RunError::NothingToValidate);
    }
    let deals = cfg.validation_games.div_ceil(2).max(1);
    let seed = derive_seed(&[cfg.seed, 0x7A1D]);
    // Ranked by the mean over every evaluation, not by the latest one: an
    // elite evaluated in several generations is not outranked by one
    // lucky child.
    let order = ranking(&cp.mean_scores());
    let top = cfg.validate_top.max(1).min(order.len());
    progress.message(&format!(
        "validating the top {top} genomes (by their mean over re-evaluations) on validation dice, {} games per opponent …",
        2 * deals
    ));
    let mut best: Option<(Evaluation, Genome)> = None;
    for &i in order.iter().take(top) {
        let g = cp.last_population[i].genome.clone();
        let e = judged(&suite, "candidate", &g, (seed, deals), cfg.fitness)?;
        if best.as_ref().is_none_or(|(b, _)| e.fitness > b.fitness) {
            best = Some((e, g));
        }
    }
    let (winner, winner_genome) = best.expect("at least one candidate");
    if crate::host::stop::requested() {
        return Err(RunError::Interrupted(cp.next_generation));
    }
    let header = best_header(&cfg, &winner, cfg.validation_games);
    let text = genome_to_toml(&winner_genome, &header);
    write_atomic(&dir.best(), text.as_bytes())?;
    let shown = params_best.display().to_string();
    let incumbent = params_best
        .exists()
        .then(|| yacht_genome_file::read_genome(params_best, &shown))
        .transpose()?;
    let comparison = match &incumbent {
        Some(incumbent) => {
            let pair = (&winner_genome, incumbent);
            Some(compare(&cfg, cp, &suite, pair, &shown, progress)?)
        }
        None => None,
    };
    let heldout = match &incumbent {
        Some(incumbent) if !cfg.heldout.is_empty() => Some(check_heldout(
            &cfg,
            cp,
            (&winner_genome, incumbent),
            progress,
        )?),
        _ => None,
    };
    let replaced = promoted(comparison.as_ref(), heldout.as_ref());
    let kept_as = if replaced && params_best.exists() {
        Some(keep_in_history(params_best, &cfg.name)?)
    } else {
        None
    };
    if replaced {
        write_atomic(params_best, text.as_bytes())?;
    }
    let record = ValidationRecord {
        seed,
        games_per_opponent: 2 * deals,
        winner,
        comparison,
        heldout,
        replaced_params_best: replaced,
        previous_kept_as: kept_as,
    };
    write_atomic(
        &dir.validation(),
        serde_json::to_string_pretty(&record)
            .map_err(encode("validation.json"))?
            .as_bytes(),
    )?;
    Ok(Validation {
        record,
        winner_genome,
    })
}

/// Whether the winner replaces the incumbent: (a) better on the training
/// suite by the sequential test and (b) not worse on the held-out suite,
/// each when there is one.
fn promoted(comparison: Option<&Comparison>, heldout: Option<&HeldOutCheck>) -> bool {
    comparison.is_none_or(Comparison::better) && heldout.is_none_or(|h| h.not_worse)
}

impl Comparison {
    /// Whether the sequential test showed the winner better.
    pub fn better(&self) -> bool {
        self.test.games_per_opponent >= MIN_COMPARISON_GAMES && self.test.z > Z_SEQUENTIAL
    }
}

/// The winner against the incumbent on the training suite, on fresh dice,
/// by the sequential test (at most `LOOKS` looks).
fn compare(
    cfg: &RunConfig,
    cp: &Checkpoint,
    suite: &[Opponent],
    (winner, incumbent): (&Genome, &Genome),
    shown: &str,
    progress: &mut dyn Progress,
) -> Result<Comparison> {
    let deals = cfg.validation_games.div_ceil(2).max(1);
    let stage = deals.div_ceil(LOOKS).max(1);
    progress.message(&format!(
        "comparing the winner with {shown} on fresh dice, up to {} games per opponent in {LOOKS} looks …",
        2 * stage * LOOKS
    ));
    // Fresh dice: the winner was picked on the validation dice.
    let fresh = derive_seed(&[cfg.seed, 0xC0A1]);
    // Both genomes on the fresh dice of one look.
    let look_at = |look: u64| -> Result<(Evaluation, Evaluation)> {
        let seed = derive_seed(&[fresh, look]);
        let w = judged(suite, "winner", winner, (seed, stage), cfg.fitness)?;
        let i = judged(suite, "incumbent", incumbent, (seed, stage), cfg.fitness)?;
        if crate::host::stop::requested() {
            return Err(RunError::Interrupted(cp.next_generation));
        }
        Ok((w, i))
    };
    let (mut w, mut i) = look_at(0)?;
    let mut looks = Vec::new();
    let test = loop {
        let test = w.paired(&i).expect("same suite and seed");
        looks.push(test.z);
        let decided =
            test.games_per_opponent >= MIN_COMPARISON_GAMES && test.z.abs() > Z_SEQUENTIAL;
        if decided || looks.len() as u64 == LOOKS {
            break test;
        }
        let (more_w, more_i) = look_at(looks.len() as u64)?;
        w.append(more_w);
        i.append(more_i);
    };
    let verdict = sequential_verdict(&test, looks.len());
    Ok(Comparison {
        seed: fresh,
        winner_fitness: w.fitness,
        incumbent_fitness: i.fitness,
        test,
        looks,
        verdict,
    })
}

/// What the sequential test says, after `looks` looks.
fn sequential_verdict(test: &Paired, looks: usize) -> String {
    let at = format!("look {looks} of {LOOKS}");
    if test.games_per_opponent < MIN_COMPARISON_GAMES {
        format!(
            "{} games per opponent are too few to replace it (at least {MIN_COMPARISON_GAMES}; see --validation-games)",
            test.games_per_opponent
        )
    } else if test.z > Z_SEQUENTIAL {
        format!(
            "better by {:+.4} ± {:.4} (z = {:.2} > {Z_SEQUENTIAL} at {at}, {} games per opponent)",
            test.difference, test.std_error, test.z, test.games_per_opponent
        )
    } else {
        format!(
            "not shown better: {:+.4} ± {:.4} (z = {:.2} at {at}, needs > {Z_SEQUENTIAL} at a look)",
            test.difference, test.std_error, test.z
        )
    }
}

/// The winner against the incumbent on the held-out suite, on its own
/// dice, by win rate (see [`crate::tune::heldout`]).
fn check_heldout(
    cfg: &RunConfig,
    cp: &Checkpoint,
    (winner, incumbent): (&Genome, &Genome),
    progress: &mut dyn Progress,
) -> Result<HeldOutCheck> {
    let suite = cfg.heldout_opponents()?;
    let deals = cfg.validation_games.div_ceil(2).max(1);
    let seed = derive_seed(&[cfg.seed, 0x4E1D]);
    progress.message(&format!(
        "checking the winner against the incumbent on {} held-out opponents, {} games each …",
        suite.len(),
        2 * deals
    ));
    let w = judged(&suite, "winner", winner, (seed, deals), Fitness::WinRate)?;
    let i = judged(
        &suite,
        "incumbent",
        incumbent,
        (seed, deals),
        Fitness::WinRate,
    )?;
    if crate::host::stop::requested() {
        return Err(RunError::Interrupted(cp.next_generation));
    }
    Ok(crate::tune::heldout::judge(&w, &i, seed).expect("same suite and seed"))
}

/// `g` evaluated against `suite` on `deals` deals of `seed`; an error when
/// a game was not earned (an opponent's fault, an interruption).
fn judged(
    suite: &[Opponent],
    name: &str,
    g: &Genome,
    (seed, deals): (u64, u64),
    fitness: Fitness,
) -> Result<Evaluation> {
    let e = evaluate(&genome_player(name, g), suite, deals, seed, fitness);
    match e.unearned() {
        Some(why) => Err(RunError::Unearned(why)),
        None => Ok(e),
    }
}

/// Copies `file` into `history/` beside it before it is replaced, named for
/// the run that wrote it (`<that run>.toml`, from its header) or else
/// `NAME-<date>-before-<run>.toml` (made unique). The folder is the hall of
/// fame the suites list.
fn keep_in_history(file: &Path, run: &str) -> Result<PathBuf> {
    let dir = file.parent().unwrap_or(Path::new(".")).join("history");
    let text = read_file(file)?;
    let name = match written_by(&text) {
        Some(origin) => origin.to_string(),
        None => {
            let stem = file
                .file_stem()
                .map_or_else(|| "genome".into(), |s| s.to_string_lossy().into_owned());
            format!("{stem}-{}-before-{run}", today())
        }
    };
    let copy = free_path(&dir, &name, ".toml");
    write_atomic(&copy, text.as_bytes())?;
    Ok(copy)
}

/// The run a best-genome file names in its first line (see
/// [`best_header`]), when it is a plain folder name.
fn written_by(text: &str) -> Option<&str> {
    let rest = text
        .lines()
        .next()?
        .strip_prefix("# ")?
        .strip_prefix(BEST_HEADER)?;
    let run = &rest[..rest.find('`')?];
    let plain = !run.is_empty()
        && run
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !run.starts_with('.');
    plain.then_some(run)
}

impl Validation {
    /// What the end of a run says: the winner's table and what became of
    /// `params_best`.
    pub fn report(
        &self,
        dir: &RunDir,
        cfg: &RunConfig,
        cp: &Checkpoint,
        params_best: &Path,
    ) -> String {
        let first = cp.rows.first().map_or(0.0, |r| r.best);
        let last = cp.rows.last().map_or(0.0, |r| r.best);
        let mut s = format!(
            "run {}: {} generations, best fitness {first:.4} → {last:.4} (training dice)\n\
             validated winner ({} games per opponent, validation dice):\n",
            cfg.name,
            cp.rows.len(),
            cfg.validation_games
        );
        let v = &self.record;
        s.push_str(&crate::tune::eval::table(&v.winner));
        s.push_str(&match &v.comparison {
            Some(c) => {
                let mut line = format!(
                    "against {} on fresh dice: {:.4} vs {:.4}, {}",
                    params_best.display(),
                    c.winner_fitness,
                    c.incumbent_fitness,
                    c.verdict
                );
                match &v.previous_kept_as {
                    Some(old) if v.replaced_params_best => line.push_str(&format!(
                        ": replaced it (the previous one is kept as {})\n",
                        old.display()
                    )),
                    _ => line.push_str(&format!(
                        ": kept it; the run's genome is in {}\n",
                        dir.best().display()
                    )),
                }
                line
            }
            None => format!("wrote {}\n", params_best.display()),
        });
        if let Some(h) = &v.heldout {
            s.push_str(&format!(
                "held out (never used for selection), {:.4} vs {:.4} on the same dice, {}\n",
                h.winner_fitness, h.incumbent_fitness, h.verdict
            ));
            s.push_str(&crate::tune::heldout::table(h));
        }
        s
    }
}

/// How a run's best genome file begins (after the comment mark): the
/// run's name follows, in backquotes. [`written_by`] reads it back.
const BEST_HEADER: &str = "Best genome of run `";

fn best_header(cfg: &RunConfig, e: &Evaluation, games: u64) -> String {
    let mut h = format!(
        "{BEST_HEADER}{}` (seed {}, {} generations x {} genomes, git {}), written {}.\n\
         Validated on validation dice, {} games per opponent: fitness {:.4}\n",
        cfg.name,
        cfg.seed,
        cfg.generations,
        cfg.population,
        cfg.git_revision,
        today(),
        games,
        e.fitness
    );
    for o in &e.opponents {
        h.push_str(&format!(
            "  {:<10} {:5.1}% [{:.1}, {:.1}]  margin {:+.0}\n",
            o.name,
            100.0 * o.win_rate,
            100.0 * o.ci95[0],
            100.0 * o.ci95[1],
            o.mean_margin
        ));
    }
    h
}

/// Today's date (UTC) as YYYY-MM-DD.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::unit;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    /// `wins` of `n` games won, the rest lost.
    fn games(wins: usize, n: usize) -> Vec<f64> {
        let mut g = vec![0.0; n];
        g[..wins].fill(1.0);
        g
    }

    /// The sequential comparison of `winner` and `incumbent`, one look.
    fn comparison(winner: &Evaluation, incumbent: &Evaluation) -> Comparison {
        let test = winner.paired(incumbent).unwrap();
        Comparison {
            seed: 1,
            winner_fitness: winner.fitness,
            incumbent_fitness: incumbent.fitness,
            verdict: sequential_verdict(&test, 1),
            looks: vec![test.z],
            test,
        }
    }

    #[test]
    fn a_gain_on_a_training_opponent_bought_with_a_heldout_loss_is_refused() {
        // Training: the winner beats `trained` 600 times in 1 000 where the
        // incumbent won 500, and plays `sample` as well: clearly better.
        let n = 1000;
        let incumbent =
            Evaluation::from_points(&[("trained", games(500, n)), ("sample", games(990, n))]);
        let winner =
            Evaluation::from_points(&[("trained", games(600, n)), ("sample", games(990, n))]);
        let better = comparison(&winner, &incumbent);
        assert!(better.test.z > Z_SEQUENTIAL, "{}", better.verdict);
        // Held out: it lost 60 games more to `strong` than the incumbent.
        let held_incumbent = Evaluation::from_points(&[("strong", games(500, n))]);
        let held_worse = Evaluation::from_points(&[("strong", games(440, n))]);
        let worse = crate::tune::heldout::judge(&held_worse, &held_incumbent, 2).unwrap();
        assert!(!promoted(Some(&better), Some(&worse)), "{}", worse.verdict);
        // The same training gain, held-out play unchanged: promoted.
        let same = crate::tune::heldout::judge(&held_incumbent, &held_incumbent, 2).unwrap();
        assert!(promoted(Some(&better), Some(&same)));
        // Without a held-out suite, the training test alone decides; a
        // winner not shown better is refused whatever the held-out says.
        assert!(promoted(Some(&better), None));
        let level = comparison(&incumbent, &incumbent);
        assert!(!promoted(Some(&level), Some(&same)));
        // No incumbent: nothing to compare with, the winner is installed.
        assert!(promoted(None, None));
    }

    #[test]
    fn validation_json_reads_back_as_written_infinite_z_included() {
        let e = Evaluation::from_points(&[("dp", games(5, 10))]);
        let level = comparison(&e, &e);
        assert_eq!(level.test.std_error, 0.0);
        let record = ValidationRecord {
            seed: 9,
            games_per_opponent: 10,
            winner: e.clone(),
            comparison: Some(level),
            heldout: crate::tune::heldout::judge(&e, &e, 3),
            replaced_params_best: false,
            previous_kept_as: None,
        };
        assert_eq!(record.heldout.as_ref().unwrap().z, f64::INFINITY);
        let text = serde_json::to_string_pretty(&record).unwrap();
        assert!(text.contains("\"z\": \"inf\""), "{text}");
        let back: ValidationRecord = serde_json::from_str(&text).unwrap();
        // Game points are not written; everything else comes back.
        let mut want = record;
        want.winner.opponents[0].points.clear();
        assert_eq!(back, want);
    }

    #[test]
    fn validation_ranks_by_the_mean_over_re_evaluations() {
        let genome = |bid_scale: f64| {
            let mut g = Genome::default();
            g.genes[yacht_core::genome::BID_SCALE] = bid_scale;
            g
        };
        let (elite, lucky, new) = (genome(0.5), genome(0.7), genome(0.9));
        let mut cp = Checkpoint {
            next_generation: 0,
            population: named(&[elite.clone(), new.clone()]),
            last_fitness: vec![0.60, 0.66],
            last_population: named(&[elite.clone(), lucky.clone()]),
            last_scores: vec![vec![0.64, 0.63, 0.60], vec![0.66]],
            rows: Vec::new(),
        };
        // The elite's mean (0.623) is below the lucky child's single score,
        // but its latest fitness was lower still.
        assert_eq!(ranking(&cp.last_fitness), [1, 0]);
        let means = cp.mean_scores();
        assert!((means[0] - 0.623_333).abs() < 1e-5 && means[1] == 0.66);
        cp.last_scores[1] = vec![0.66, 0.58];
        assert_eq!(ranking(&cp.mean_scores()), [0, 1]);
        // The next generation's elite carries its scores; a new genome has none.
        assert_eq!(
            cp.carried_scores(&[elite.clone(), new]),
            [vec![0.64, 0.63, 0.60], vec![]]
        );
        // A checkpoint from before the scores ranks by the latest fitness.
        cp.last_scores.clear();
        assert_eq!(cp.mean_scores(), cp.last_fitness);
        cp.last_scores = vec![vec![0.6]];
        assert!(
            cp.check()
                .unwrap_err()
                .contains("scores of 1 genomes for 2")
        );
    }

    #[test]
    fn a_replaced_champion_is_named_for_the_run_that_wrote_it() {
        let header = "# Best genome of run `strength-5` (seed 5, 40 generations x 16 genomes, git 97e39362d620), written 2026-11-23.\n";
        assert_eq!(written_by(header), Some("strength-5"));
        for other in [
            "# The default genome\n",
            "# Best genome of run `../up` (seed 1)\n",
            "# Best genome of run `` (seed 1)\n",
            "# Best genome of run `open\n",
            "",
        ] {
            assert_eq!(written_by(other), None, "{other:?}");
        }
    }

    #[test]
    fn the_sequential_boundary_keeps_the_false_alarm_rate_at_5_percent() {
        // Under "no better", z after each look is a standardised sum of
        // independent normal stages: the chance that it crosses the
        // boundary at any of the looks must be 5 %.
        let mut rng = Pcg32::seed_from_u64(17);
        let trials = 200_000;
        let mut crossed = 0;
        for _ in 0..trials {
            let mut sum = 0.0;
            for look in 1..=LOOKS {
                // A standard normal from two uniforms (Box–Muller).
                let (u, v) = (unit(&mut rng), unit(&mut rng));
                sum += (-2.0 * (1.0 - u).ln()).sqrt() * (std::f64::consts::TAU * v).cos();
                if sum / (look as f64).sqrt() > Z_SEQUENTIAL {
                    crossed += 1;
                    break;
                }
            }
        }
        let rate = crossed as f64 / trials as f64;
        // ± 3 standard errors of a 5 % rate over 200 000 trials.
        assert!((rate - 0.05).abs() < 0.0015, "{rate}");
    }
}
