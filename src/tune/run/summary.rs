//! What the end of a run says, verdict first: installed or not and why
//! (both verdicts), the winner against the champion on fresh dice, the
//! genes that changed, the time, the files written and the next commands.
//! Training-dice fitness is labelled as such and never set beside
//! validation fitness.

use super::config::{RunConfig, changed_by_budget};
use super::dir::RunDir;
use super::generations::GenerationRow;
use super::install::played_otherwise;
use super::verdict::ValidationRecord;
use std::fmt::{self, Display, Formatter, Write};
use std::path::Path;
use yacht_core::genome::{GENES, Genome};

/// Everything the end-of-run summary tells.
pub struct Summary<'a> {
    pub dir: &'a RunDir,
    pub cfg: &'a RunConfig,
    pub rows: &'a [GenerationRow],
    pub record: &'a ValidationRecord,
    pub winner: &'a Genome,
    /// The run's plot.
    pub plot: &'a Path,
}

impl Summary<'_> {
    /// The first line: what became of the winner, and both verdicts. A
    /// winner the verdicts allow and not installed was not asked to be.
    fn verdict(&self) -> String {
        let r = self.record;
        let what = match (r.installed, r.earned()) {
            (true, _) => format!(
                "INSTALLED as {}{}",
                self.cfg.folders.params_best().display(),
                r.previous_kept_as
                    .as_ref()
                    .map(|k| format!(" (the previous champion kept as {})", k.display()))
                    .unwrap_or_default()
            ),
            (false, true) => match self.played_otherwise() {
                Some(who) => format!(
                    "NOT INSTALLED (the verdicts allow it, but saw {who} played otherwise than the file says: see the note)"
                ),
                None => "NOT INSTALLED (no --install; the verdicts allow it)".to_string(),
            },
            (false, false) => "NOT INSTALLED".to_string(),
        };
        format!("{what} — {}", r.verdicts())
    }

    /// Who of the champion the verdicts compared with and the winner this
    /// run played otherwise than their files say (see
    /// [`played_otherwise`]).
    fn played_otherwise(&self) -> Option<&'static str> {
        let champion = self.record.incumbent_genes.as_ref().map(|g| &g.genome);
        played_otherwise(self.cfg.rollouts, champion, self.winner)
    }

    /// When the champion's file asks win-probability decisions this run's
    /// budget plays otherwise: what was changed, and why the verdicts
    /// still compare like with like.
    fn budget_line(&self) -> Option<String> {
        let path = self.cfg.folders.params_best();
        let champion = yacht_genome_file::read_genome(&path, &path.display().to_string()).ok()?;
        if !changed_by_budget(&champion, self.cfg.rollouts) {
            return None;
        }
        let how = match self.cfg.rollouts {
            0 => "its decisions by rollouts were made by the tables (--rollouts 0)".to_string(),
            n => format!("its rollouts played {n} futures each (--rollouts {n})"),
        };
        Some(format!(
            "  note: the champion was played as this run plays every genome: {how}, as the winner was, so both verdicts compare the two played alike; `tuner eval --baseline` measures them as their files say"
        ))
    }

    /// Both verdicts, each with its figures.
    fn verdicts(&self, s: &mut String) {
        let r = self.record;
        let fitness = self.cfg.fitness.name();
        if let Some(c) = &r.comparison {
            let _ = writeln!(
                s,
                "  training suite, fresh dice ({fitness}): winner {:.4} vs champion {:.4}: {}",
                c.winner_fitness, c.incumbent_fitness, c.verdict
            );
        }
        if let Some(h) = &r.heldout {
            let _ = writeln!(
                s,
                "  held out, never used for selection (win rate): winner {:.4} vs champion {:.4}: {}",
                h.winner_fitness, h.incumbent_fitness, h.verdict
            );
            s.push_str(&crate::tune::heldout::table(h));
        }
    }

    /// `name: old → new` for every gene the winner changed from the
    /// champion it was compared with (else from the first initial genome).
    fn genes_changed(&self) -> String {
        let (base, from) = match &self.record.incumbent_genes {
            Some(g) => (g.genome.clone(), "the champion"),
            None => match self.cfg.initial.first() {
                Some(i) => (i.genes.genome.clone(), "the initial genome"),
                None => (Genome::default(), "the default genome"),
            },
        };
        let changed: Vec<String> = GENES
            .iter()
            .zip(base.genes.iter().zip(&self.winner.genes))
            .filter(|(_, (a, b))| a != b)
            .map(|(g, (a, b))| format!("{}: {a:.4} → {b:.4}", g.name))
            .collect();
        match changed.len() {
            0 => format!("genes changed from {from}: none"),
            n => format!("genes changed from {from} ({n}): {}", changed.join(", ")),
        }
    }

    /// Total time: the generations' (all sessions) and the validation's.
    fn time(&self) -> String {
        let gens = self.rows.last().map_or(0.0, |r| r.elapsed_s);
        let total = gens + self.record.seconds;
        format!(
            "time: {} ({} generations {}, validation {})",
            duration(total),
            self.rows.len(),
            duration(gens),
            duration(self.record.seconds)
        )
    }

    /// The next commands worth typing.
    fn next(&self, s: &mut String) {
        let run = self.dir.0.display();
        s.push_str("next:\n");
        if self.record.earned() && !self.record.installed {
            let _ = writeln!(s, "  tuner install {run}    # make it the champion");
        }
        let more = self.cfg.generations * 2;
        let _ = writeln!(
            s,
            "  tuner evolve --resume {run} --generations {more}    # run it longer"
        );
        let _ = writeln!(
            s,
            "  tuner eval --genome {} --vs dp --vs dp:exact    # more games against strong players",
            self.dir.best().display()
        );
        let runs = &self.cfg.folders.runs;
        let _ = match runs.as_os_str() == "runs" {
            true => writeln!(s, "  tuner runs    # every run, a line each"),
            false => writeln!(
                s,
                "  tuner runs --runs-dir {}    # every run, a line each",
                runs.display()
            ),
        };
    }
}

impl Display for Summary<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = format!("run {}: {}\n", self.cfg.name, self.verdict());
        self.verdicts(&mut s);
        if let Some(line) = self.budget_line() {
            let _ = writeln!(s, "{line}");
        }
        let _ = writeln!(
            s,
            "winner on validation dice ({} games per opponent, {}):",
            self.record.games_per_opponent,
            self.cfg.fitness.name()
        );
        s.push_str(&crate::tune::eval::table(&self.record.winner));
        let _ = writeln!(s, "{}", self.genes_changed());
        if let Some(last) = self.rows.last() {
            let _ = writeln!(
                s,
                "training dice, generation {} (each generation meets its own dice; not comparable with the above): best {:.4}, mean {:.4}",
                last.generation, last.best, last.mean
            );
        }
        let _ = writeln!(s, "{}", self.time());
        let _ = writeln!(
            s,
            "files: {}/ (config.toml, generations.csv, checkpoint.json, best.toml, validation.json), {}",
            self.dir.0.display(),
            self.plot.display()
        );
        self.next(&mut s);
        f.write_str(&s)
    }
}

/// Seconds as `1 h 02 min`, `3 min 05 s` or `12.3 s`.
pub fn duration(secs: f64) -> String {
    let whole = secs.round() as u64;
    match whole {
        0..60 => format!("{secs:.1} s"),
        60..3600 => format!("{} min {:02} s", whole / 60, whole % 60),
        _ => format!("{} h {:02} min", whole / 3600, whole % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn durations_read_at_a_glance() {
        assert_eq!(duration(12.34), "12.3 s");
        assert_eq!(duration(185.0), "3 min 05 s");
        assert_eq!(duration(3725.0), "1 h 02 min");
    }
}
