//! Installing a run's winner as the champion: an explicit act
//! (`tuner evolve --install`, `tuner install RUN`), allowed only when the
//! run's validation says the winner is better on the training suite and
//! not worse held out, against the champion that is there now. The
//! replaced champion is kept in `params/history/` (the hall of fame), named
//! for the run that wrote it.

use super::config::{RunConfig, changed_by_budget};
use super::create::free_path;
use super::dir::RunDir;
use super::error::{Result, RunError};
use super::notes::{self, today};
use super::verdict::ValidationRecord;
use crate::files::{read_file, write_atomic};
use crate::tune::eval::Evaluation;
use std::path::{Path, PathBuf};
use yacht_core::genome::Genome;

/// What installing did.
#[derive(Clone, Debug, PartialEq)]
pub struct Installed {
    /// The champion's file, now the run's winner.
    pub champion: PathBuf,
    /// validation.json as installing left it (`installed`, and where the
    /// replaced champion was kept).
    pub record: ValidationRecord,
}

/// Installs the validated winner of the run in `dir` as the champion of
/// its params folder: refused (nothing changed) when the run has not been
/// validated, was installed already, its verdicts do not say better, or
/// the champion has changed since the run compared its winner with it, or
/// the run played either of them otherwise than its file says.
pub fn install(dir: &RunDir) -> Result<Installed> {
    let cfg = dir.load_config()?;
    let mut record = dir
        .load_validation()?
        .ok_or_else(|| RunError::NotValidated(cfg.name.clone()))?;
    if record.installed {
        return Err(RunError::AlreadyInstalled(cfg.name));
    }
    let champion = cfg.folders.params_best();
    let now = champion
        .exists()
        .then(|| yacht_genome_file::read_genome(&champion, &champion.display().to_string()))
        .transpose()?;
    // A run records and plays genes alone: the champion's thinking
    // settings are not what it measured, and go on to the new champion.
    let think = now.as_ref().map(|g| g.think);
    let now = now.map(Genome::without_thinking);
    let then = record.incumbent_genes.as_ref().map(|g| &g.genome);
    if now.as_ref() != then {
        return Err(RunError::IncumbentChanged {
            run: cfg.name,
            path: champion,
            best: dir.best(),
        });
    }
    if let Some(why) = record.refusal() {
        return Err(RunError::NotEarned { run: cfg.name, why });
    }
    let winner = yacht_genome_file::read_genome(&dir.best(), &dir.best().display().to_string())?;
    if let Some(who) = played_otherwise(cfg.settings.rollouts, then, &winner) {
        return Err(RunError::PlayedOtherwise {
            run: cfg.name,
            who,
            rollouts: cfg.settings.rollouts,
        });
    }
    let mut text = read_file(&dir.best())?;
    if let Some(think) = think.filter(|t| t.is_on()) {
        text.push_str(&yacht_genome_file::think_to_toml(&think));
    }
    let kept = match now {
        Some(_) => Some(keep_in_history(&champion, &cfg.name)?),
        None => None,
    };
    write_atomic(&champion, text.as_bytes())?;
    record.installed = true;
    record.previous_kept_as = kept;
    dir.save_validation(&record)?;
    let kept_note = record
        .previous_kept_as
        .as_ref()
        .map(|k| format!(" (the previous one kept as {})", k.display()))
        .unwrap_or_default();
    notes::append(
        dir,
        &format!(
            "{}: installed as {}{kept_note}",
            today(),
            champion.display()
        ),
    )?;
    Ok(Installed { champion, record })
}

/// Which of the two a run's verdicts saw played otherwise than its file
/// says (the run's `rollouts`, `--rollouts`, changed how its win-probability decisions
/// are made): then the verdicts are not about the genome installing would
/// ship, or not about the champion it would replace. None when both played
/// as their files say.
pub fn played_otherwise(
    rollouts: u32,
    champion: Option<&Genome>,
    winner: &Genome,
) -> Option<&'static str> {
    let changed = |g: &Genome| changed_by_budget(g, rollouts);
    match (champion.is_some_and(changed), changed(winner)) {
        (true, true) => Some("the champion and the winner"),
        (true, false) => Some("the champion"),
        (false, true) => Some("the winner"),
        (false, false) => None,
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

/// How a run's best genome file begins (after the comment mark): the
/// run's name follows, in backquotes. [`written_by`] reads it back.
const BEST_HEADER: &str = "Best genome of run `";

pub fn best_header(cfg: &RunConfig, e: &Evaluation, games: u64) -> String {
    let mut h = format!(
        "{BEST_HEADER}{}`, written {}\n\
         (seed {}, {} generations x {} genomes, git {}).\n\
         Validated on validation dice, {} games per opponent: fitness {:.4} (the weighted mean \
         win rate against {}: comparable only on the same suite)\n",
        cfg.name,
        today(),
        cfg.settings.seed,
        cfg.settings.generations,
        cfg.settings.population,
        cfg.git_revision,
        games,
        e.fitness,
        match cfg.suite_file.as_str() {
            "" => "the run's training suite",
            file => file,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::{WP_BID_AUCTIONS, WP_FAST};

    #[test]
    fn a_genome_played_otherwise_than_its_file_says_is_named() {
        // By rollouts in the last 9 auctions: a run without rollouts plays
        // it by the tables. The default genome decides nothing so.
        let mut rollouts = Genome::default();
        rollouts.genes[WP_BID_AUCTIONS] = 9.0;
        let fast = {
            let mut g = rollouts.clone();
            g.genes[WP_FAST] = 1.0;
            g
        };
        let plain = Genome::default();
        let who = |c: Option<&Genome>, w: &Genome| played_otherwise(0, c, w);
        assert_eq!(who(Some(&rollouts), &fast), Some("the champion"));
        assert_eq!(who(Some(&fast), &rollouts), Some("the winner"));
        assert_eq!(
            who(Some(&rollouts), &rollouts),
            Some("the champion and the winner")
        );
        assert_eq!(who(Some(&fast), &plain), None);
        assert_eq!(who(None, &fast), None);
        // Played at the futures its file asks (the default, 1 000), it is
        // played as it says; at others it is not.
        assert_eq!(played_otherwise(1000, Some(&rollouts), &fast), None);
        assert_eq!(
            played_otherwise(500, Some(&rollouts), &fast),
            Some("the champion")
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
}
