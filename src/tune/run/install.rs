//! Installing a run's winner as the champion: an explicit act
//! (`tuner evolve --install`, `tuner install RUN`), allowed only when the
//! run's validation says the winner is better on the training suite and
//! not worse held out, against the champion that is there now. The
//! replaced champion is kept in `params/history/` (the hall of fame), named
//! for the run that wrote it.

use super::config::RunConfig;
use super::create::free_path;
use super::dir::RunDir;
use super::error::{Result, RunError};
use super::notes::{self, today};
use super::verdict::ValidationRecord;
use crate::files::{read_file, write_atomic};
use crate::tune::eval::Evaluation;
use std::path::{Path, PathBuf};

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
/// the champion has changed since the run compared its winner with it.
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
    let text = read_file(&dir.best())?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
