//! config.toml: everything needed to reproduce a run (seed, settings, the
//! suites as they were at its start, the initial genomes, the folders it
//! writes, tool version and git revision) and what follows from it alone
//! (the opponents, the genes offered, a genome at the run's budget).
//! Making, opening and extending a run folder is `create`'s.

use super::error::{Result, RunError};
use super::settings::RunSettings;
use super::verdict::LOOKS;
use crate::host::player::Player;
use crate::players::StrategySpec;
use crate::tune::named::NamedGenes;
use crate::tune::optim::toolkit::{FrozenGenes, frozen_genes};
use crate::tune::suite::Opponent;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use yacht_core::genome::plan::Plan;
use yacht_core::genome::{GENES, Genome, Mechanism, WP_FAST, WP_ROLLOUTS};

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

/// Everything needed to reproduce a run (config.toml): its settings among
/// the top-level keys, then what it was given and made with.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    pub name: String,
    #[serde(flatten)]
    pub settings: RunSettings,
    pub suite: Vec<SuiteEntry>,
    /// Strong opponents never used for selection: a new champion must not
    /// be worse against them (none in a config.toml without it).
    #[serde(default)]
    pub heldout: Vec<SuiteEntry>,
    /// The initial genomes, by gene name, with where they came from.
    pub initial: Vec<InitialGenome>,
    pub tool_version: String,
    pub git_revision: String,
    /// The day the run was made (empty in a config.toml without it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub started: String,
    /// The suite files the run was given (empty in a config.toml without them).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub suite_file: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub heldout_file: String,
    /// Generations at which the run was resumed (drawn on its plot).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resumed_at: Vec<u32>,
    /// Every folder the run writes to; a resume writes to the same ones.
    #[serde(default)]
    pub folders: Folders,
}

/// The folders a run writes to, besides its own.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Folders {
    /// Where its folder is (`--runs-dir`).
    pub runs: PathBuf,
    /// Where the champion `best.toml` and its `history/` are (`--params-dir`).
    pub params: PathBuf,
    /// Where its plot goes (`--plots-dir`).
    pub plots: PathBuf,
}

impl Default for Folders {
    /// The repository's folders (what a config.toml without the record
    /// reads as).
    fn default() -> Folders {
        Folders {
            runs: "runs".into(),
            params: "params".into(),
            plots: "plots".into(),
        }
    }
}

impl Folders {
    /// The champion's file.
    pub fn params_best(&self) -> PathBuf {
        self.params.join("best.toml")
    }

    /// The run's plot: `plots/NAME-fitness.png`.
    pub fn plot(&self, name: &str) -> PathBuf {
        self.plots.join(format!("{name}-fitness.png"))
    }

    /// Each folder exists and takes files: a mistyped or read-only one is
    /// an error before any work (not after every generation).
    pub fn check(&self) -> Result<()> {
        let each = [
            ("runs-dir", &self.runs),
            ("params-dir", &self.params),
            ("plots-dir", &self.plots),
        ];
        for (flag, path) in each {
            if !path.is_dir() {
                return Err(RunError::NoFolder {
                    flag,
                    path: path.clone(),
                });
            }
            let probe = path.join(format!(".tuner-write-check-{}", std::process::id()));
            let wrote = std::fs::write(&probe, b"").and_then(|()| std::fs::remove_file(&probe));
            if let Err(err) = wrote {
                return Err(RunError::NotWritable {
                    flag,
                    path: path.clone(),
                    err,
                });
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InitialGenome {
    pub source: String,
    pub genes: NamedGenes,
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
        players_of(&self.suite, self.settings.rollouts)
    }

    /// The held-out suite.
    pub fn heldout_opponents(&self) -> Result<Vec<Opponent>> {
        players_of(&self.heldout, self.settings.rollouts)
    }
}

/// The players of a suite recorded in a run's config, genomes at the run's
/// budget of `rollouts`.
fn players_of(suite: &[SuiteEntry], rollouts: u32) -> Result<Vec<Opponent>> {
    suite
        .iter()
        .map(|e| {
            let player = match &e.genes {
                Some(genes) => genome_player(&e.name, &at_budget(&genes.genome, rollouts)),
                None => Player::parse(&e.player).map_err(|err| RunError::Suite {
                    name: e.name.clone(),
                    err,
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

/// The games validation plays, stage by stage.
impl RunConfig {
    /// The deals per opponent each genome a validation stage plays is
    /// dealt (twice: each seat).
    pub fn validation_deals(&self) -> u64 {
        self.settings.validation_games.div_ceil(2).max(1)
    }

    /// The deals per opponent of one look of the comparison.
    pub fn look_deals(&self) -> u64 {
        self.validation_deals().div_ceil(LOOKS).max(1)
    }

    /// The games validation plays at most for `candidates` genomes: the
    /// winner picked, then [`Self::games_after_pick`].
    pub fn games_to_validate(&self, candidates: usize) -> u64 {
        let pick = candidates as u64 * self.suite.len() as u64 * 2 * self.validation_deals();
        pick + self.games_after_pick()
    }

    /// The games validation plays at most once the winner is picked: its
    /// comparison with the incumbent (every look) and the held-out check.
    pub fn games_after_pick(&self) -> u64 {
        self.comparison_games() + self.heldout_games()
    }

    /// The comparison's games, both genomes, every look.
    pub fn comparison_games(&self) -> u64 {
        2 * self.suite.len() as u64 * 2 * self.look_deals() * LOOKS
    }

    /// The held-out check's games, both genomes.
    pub fn heldout_games(&self) -> u64 {
        2 * self.heldout.len() as u64 * 2 * self.validation_deals()
    }
}

/// A suite as a run's config records it.
pub(super) fn entries_of(suite: &[Opponent]) -> Vec<SuiteEntry> {
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
    /// The genes the optimiser leaves alone: those frozen by the run's
    /// settings, those the budget sets (see [`budget_genes`]), and those
    /// that act in none of the initial genomes as the run plays them
    /// ([`RunConfig::inert`]).
    pub fn frozen(&self) -> Result<FrozenGenes> {
        self.frozen_in(&self.initial_genomes())
    }

    /// The genes the GA leaves alone when it breeds from `pop`: those
    /// frozen by the settings or set by the budget, and those that act in
    /// no genome of `pop` (a mechanism a genome turns on is offered from
    /// the generation it is in, and no longer once none has it).
    pub fn frozen_in(&self, pop: &[Genome]) -> Result<FrozenGenes> {
        let mut frozen = frozen_genes(&self.settings.frozen)?;
        for i in budget_genes(self.settings.rollouts).chain(self.inert_in(pop)) {
            frozen[i] = true;
        }
        Ok(frozen)
    }

    /// The genes whose mechanism runs in none of the initial genomes (the
    /// default genome when there is none) as this run plays them: moving
    /// them would change no game, so they are not offered.
    pub fn inert(&self) -> Vec<usize> {
        self.inert_in(&self.initial_genomes())
    }

    /// The genes whose mechanism runs in none of `genomes` as this run
    /// plays them.
    pub fn inert_in(&self, genomes: &[Genome]) -> Vec<usize> {
        let plans: Vec<Plan> = genomes
            .iter()
            .map(|g| Plan::of(&at_budget(g, self.settings.rollouts)))
            .collect();
        (0..GENES.len())
            .filter(|&i| !plans.iter().any(|p| p.offers(i)))
            .collect()
    }

    /// The initial genomes, or the default genome when there is none.
    pub fn initial_genomes(&self) -> Vec<Genome> {
        let init: Vec<Genome> = self
            .initial
            .iter()
            .map(|g| g.genes.genome.clone())
            .collect();
        if init.is_empty() {
            vec![Genome::default()]
        } else {
            init
        }
    }

    /// `g` as it plays in this run's games (see [`at_budget`]).
    pub fn player(&self, name: &str, g: &Genome) -> Player {
        genome_player(name, &at_budget(g, self.settings.rollouts))
    }
}

pub fn genome_player(name: &str, g: &Genome) -> Player {
    Player::Builtin(StrategySpec::genome(name, g.clone()))
}

/// The genes a run's budget sets, from the gene table: with a budget of
/// 0, `wp_fast` and every gene of win probability by rollouts; otherwise
/// `wp_rollouts`, which the budget is.
pub fn budget_genes(rollouts: u32) -> impl Iterator<Item = usize> {
    (0..GENES.len()).filter(move |&i| match rollouts {
        0 => i == WP_FAST || GENES[i].mechanism == Mechanism::Rollouts,
        _ => i == WP_ROLLOUTS,
    })
}

/// `g` as a run with a budget of `rollouts` futures per win-probability
/// decision by rollouts (the reference estimator) plays it: `wp_rollouts`
/// set to the budget; with a budget of 0, every win-probability decision
/// the genome makes (the rounds `wp_put_auctions` and `wp_bid_auctions`
/// choose) by the tables (`wp_fast` on): a GA
/// generation plays hundreds of thousands of games, and a decision by
/// rollouts costs milliseconds, by the tables microseconds. A genome with
/// `wp_fast` already 1 and no rollout rounds plays as its file says. The
/// run's population files keep the genes as they are; its winner's
/// best.toml is written as played ([`as_played`]).
pub fn at_budget(g: &Genome, rollouts: u32) -> Genome {
    let mut g = g.clone();
    if rollouts == 0 {
        g.genes[WP_FAST] = 1.0;
    } else {
        g.genes[WP_ROLLOUTS] = f64::from(rollouts);
    }
    g
}

/// `g` as a run of budget `rollouts` played it: [`at_budget`] when that
/// changes its play ([`changed_by_budget`]), else `g` itself. What a run
/// writes as its winner, so that the file is the genome its verdicts are
/// about.
pub fn as_played(g: &Genome, rollouts: u32) -> Genome {
    match changed_by_budget(g, rollouts) {
        true => at_budget(g, rollouts),
        false => g.clone(),
    }
}

/// Whether `g` plays differently in a run of budget `rollouts` than its
/// file says (see [`at_budget`]): only a genome that makes some
/// win-probability decision by rollouts can.
pub fn changed_by_budget(g: &Genome, rollouts: u32) -> bool {
    let by_rollouts = Plan::of(g).runs(Mechanism::Rollouts);
    by_rollouts && Plan::of(&at_budget(g, rollouts)) != Plan::of(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::eval::Fitness;
    use crate::tune::optim::OptimizerSettings;
    use crate::tune::optim::racing::Racing;
    use yacht_core::genome::{WP_BID_AUCTIONS, WP_PUT_AUCTIONS, WP_SPREAD_FACTOR};

    #[test]
    fn a_runs_budget_turns_win_probability_off_or_sets_its_futures() {
        let mut g = Genome::default();
        g.genes[WP_PUT_AUCTIONS] = 2.0;
        g.genes[WP_BID_AUCTIONS] = 6.0;
        g.genes[WP_ROLLOUTS] = 1000.0;
        let off = at_budget(&g, 0);
        // The same rounds, every decision by the tables.
        assert_eq!(
            (off.genes[WP_PUT_AUCTIONS], off.genes[WP_BID_AUCTIONS]),
            (2.0, 6.0)
        );
        assert_eq!(off.genes[WP_FAST], 1.0);
        assert!(changed_by_budget(&g, 0));
        assert!(
            !changed_by_budget(&off, 0),
            "a fast genome plays as written"
        );
        assert!(!changed_by_budget(&Genome::default(), 0));
        // A winner is written as it was played: by the tables here.
        assert_eq!(as_played(&g, 0), at_budget(&g, 0));
        assert!(!changed_by_budget(&as_played(&g, 0), 0));
        assert_eq!(as_played(&Genome::default(), 0), Genome::default());
        let cheap = at_budget(&g, 64);
        assert_eq!(cheap.genes[WP_ROLLOUTS], 64.0);
        assert_eq!(cheap.genes[WP_BID_AUCTIONS], 6.0);
        // Nothing else moves.
        for (i, gene) in GENES.iter().enumerate() {
            if !gene.name.starts_with("wp_") {
                assert_eq!((off.genes[i], cheap.genes[i]), (g.genes[i], g.genes[i]));
            }
        }
    }

    fn sample_config(rollouts: u32, frozen: &[&str]) -> RunConfig {
        RunConfig {
            name: "r".into(),
            settings: RunSettings {
                seed: 1,
                generations: 1,
                population: 2,
                games: 2,
                validation_games: 2,
                validate_top: 1,
                init_sigma: 0.1,
                frozen: frozen.iter().map(|s| s.to_string()).collect(),
                optimizer: OptimizerSettings::default(),
                fitness: Fitness::WinRate,
                rollouts,
                max_searches: None,
                racing: Racing::Flat,
            },
            suite: vec![],
            heldout: vec![],
            initial: vec![],
            tool_version: String::new(),
            git_revision: String::new(),
            started: String::new(),
            suite_file: String::new(),
            heldout_file: String::new(),
            resumed_at: vec![],
            folders: Folders::default(),
        }
    }

    #[test]
    fn a_config_round_trips_and_a_bad_setting_is_named_with_its_line() {
        let cfg = sample_config(0, &["prio_one"]);
        let text = toml::to_string(&cfg).unwrap();
        // The settings sit among the top-level keys, as before.
        assert!(
            text.contains("\nseed = 1\n") && text.contains("[ga]"),
            "{text}"
        );
        assert_eq!(toml::from_str::<RunConfig>(&text).unwrap(), cfg);
        let dir = std::env::temp_dir().join(format!("config-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let run = super::super::RunDir(dir.clone());
        let line = text.lines().position(|l| l == "seed = 1").unwrap() + 1;
        for (bad, says) in [
            (
                "seed = \"one\"",
                format!("line {line}: not a valid run config: invalid type"),
            ),
            (
                "seed = 1\nbogus = 2",
                format!(
                    "line {}: not a valid run config: unknown field `bogus`",
                    line + 1
                ),
            ),
        ] {
            std::fs::write(run.config(), text.replace("seed = 1", bad)).unwrap();
            let err = run.load_config().unwrap_err().to_string();
            assert!(err.contains(&says), "{err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_genes_a_budget_overrides_are_frozen() {
        let cfg = sample_config;
        let off = cfg(0, &["prio_one"]).frozen().unwrap();
        assert!(off[WP_FAST] && off[WP_ROLLOUTS]);
        assert!(!off[WP_PUT_AUCTIONS] && !off[WP_BID_AUCTIONS]);
        assert!(off[Genome::index_of("prio_one").unwrap()]);
        // The default genome runs no win probability: its genes are inert.
        assert!(off[WP_SPREAD_FACTOR]);
        let on = cfg(100, &[]).frozen().unwrap();
        assert!(on[WP_ROLLOUTS] && !on[WP_BID_AUCTIONS] && !on[WP_PUT_AUCTIONS]);
        let inert = cfg(100, &[]).inert();
        let frozen: Vec<usize> = (0..GENES.len()).filter(|&i| on[i]).collect();
        let mut want = inert.clone();
        want.push(WP_ROLLOUTS);
        want.sort();
        want.dedup();
        assert_eq!(frozen, want, "the budget's gene and the inert ones");
        // A genome that bids by win probability offers its genes from the
        // generation it is in: the default genome's inert wp genes move
        // once a genome of the population runs them.
        let mut wp = Genome::default();
        wp.genes[WP_BID_AUCTIONS] = 11.0;
        let c = cfg(0, &[]);
        let alone = c.frozen_in(&[Genome::default()]).unwrap();
        let with = c.frozen_in(&[Genome::default(), wp]).unwrap();
        assert!(alone[WP_SPREAD_FACTOR] && !with[WP_SPREAD_FACTOR]);
        assert!(with[WP_FAST], "the budget's genes stay frozen");
    }
}
