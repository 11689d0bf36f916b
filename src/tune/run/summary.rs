//! What the end of a run says, verdict first: installed or not and why
//! (both verdicts), the winner against the champion on fresh dice, the
//! genes that changed, the time, the files written and the next commands.
//! Training-dice fitness is labelled as such and never set beside
//! validation fitness. Its lines fit 100 columns (but the results table),
//! in words a newcomer knows or defined where first shown.

use super::config::{RunConfig, changed_by_budget};
use super::dir::RunDir;
use super::generations::GenerationRow;
use super::install::played_otherwise;
use super::verdict::ValidationRecord;
use crate::text::{SCREEN, tuner_command, wrap};
use crate::tune::optim::ga::GaState;
use crate::tune::worth;
use std::fmt::{self, Display, Formatter, Write};
use std::path::Path;
use yacht_core::genome::{GENES, Genome, Kind};

/// The most gene changes listed (a screenful with the rest).
const GENES_SHOWN: usize = 15;

/// `line` wrapped to [`SCREEN`], its next lines indented by four.
fn fit(line: &str) -> String {
    wrap(line, SCREEN, "    ")
}

/// Everything the end-of-run summary tells.
pub struct Summary<'a> {
    pub dir: &'a RunDir,
    pub cfg: &'a RunConfig,
    pub rows: &'a [GenerationRow],
    /// The GA's steps and paths where the run ended (adapted steps only).
    pub ga: Option<&'a GaState>,
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
        played_otherwise(self.cfg.settings.rollouts, champion, self.winner)
    }

    /// When the champion's file asks win-probability decisions this run's
    /// budget plays otherwise: what was changed, and why the verdicts
    /// still compare like with like.
    fn budget_line(&self) -> Option<String> {
        let path = self.cfg.folders.params_best();
        let champion = yacht_genome_file::read_genome(&path, &path.display().to_string()).ok()?;
        if !changed_by_budget(&champion, self.cfg.settings.rollouts) {
            return None;
        }
        let how = match self.cfg.settings.rollouts {
            0 => "its decisions by rollouts were made by the tables (--rollouts 0)".to_string(),
            n => format!("its rollouts played {n} futures each (--rollouts {n})"),
        };
        Some(format!(
            "  note: the champion was played as this run plays every genome: {how}, as the winner \
             was, so both verdicts compare the two played alike; `{}` measures them as their \
             files say",
            tuner_command("eval --baseline")
        ))
    }

    /// Both verdicts, each with its figures.
    fn verdicts(&self, s: &mut String) {
        let r = self.record;
        let fitness = self.cfg.settings.fitness.name();
        if let Some(c) = &r.comparison {
            s.push_str(&fit(&format!(
                "  training suite, fresh dice ({fitness}): winner {:.4} vs champion {:.4}: {}",
                c.winner_fitness, c.incumbent_fitness, c.verdict
            )));
        }
        if let Some(h) = &r.heldout {
            s.push_str(&fit(&format!(
                "  held out (opponents never used to pick genomes; win rate): winner {:.4} vs \
                 champion {:.4}: {}",
                h.winner_fitness, h.incumbent_fitness, h.verdict
            )));
            s.push_str(&crate::tune::heldout::table(h));
        }
        if r.comparison.is_some() || r.heldout.is_some() {
            s.push_str(&fit(
                "  z: the difference in standard errors (how far beyond luck); a verdict needs \
                 z above the threshold it names. Champion: params/best.toml, the genome \
                 the winner must beat",
            ));
        }
    }

    /// The genome the winner is compared with, and what it is.
    fn base(&self) -> (Genome, &'static str) {
        match &self.record.incumbent_genes {
            Some(g) => (g.genome.clone(), "the champion"),
            None => match self.cfg.initial.first() {
                Some(i) => (i.genes.genome.clone(), "the initial genome"),
                None => (Genome::default(), "the default genome"),
            },
        }
    }

    /// "worth +x ± y" (points) for gene `name`, when validation measured it.
    fn worth_of(&self, name: &str) -> String {
        let Some(w) = self.record.worth.iter().find(|w| w.gene == name) else {
            return String::new();
        };
        let (d, se) = (100.0 * w.worth.difference, 196.0 * w.worth.std_error);
        format!("  worth {d:+.2} ± {se:.2}")
    }

    /// The file of the genome the winner is compared with (the champion
    /// kept in the history when the winner replaced it), when the winner
    /// plays otherwise than it.
    fn base_file(&self) -> Option<String> {
        let (base, _) = self.base();
        let same = worth::played(self.winner, &base).is_empty();
        let r = self.record;
        let file = match (&r.incumbent_genes, &r.previous_kept_as) {
            (Some(_), Some(kept)) => kept.display().to_string(),
            (Some(_), None) => self.cfg.folders.params_best().display().to_string(),
            (None, _) => self.initial_file(&base)?,
        };
        (!same).then_some(file)
    }

    /// The initial genome's file, when it still reads as the run recorded
    /// it (the path as typed at the run's start: it may have moved or
    /// changed since).
    fn initial_file(&self, recorded: &Genome) -> Option<String> {
        let source = &self.cfg.initial.first()?.source;
        let path = Path::new(source);
        let reads = path.extension().is_some_and(|e| e == "toml")
            && yacht_genome_file::read_genome_file(path, source)
                .is_ok_and(|r| &r.genome == recorded);
        reads.then(|| source.clone())
    }

    /// The genes whose value as the bot plays it the winner changed, one
    /// a line, the largest changes (by share of the gene's range) first,
    /// at most [`GENES_SHOWN`] of them; then how many more.
    fn genes_changed(&self, s: &mut String) {
        let (base, from) = self.base();
        let changed = worth::played(self.winner, &base);
        if changed.is_empty() {
            let _ = writeln!(s, "genes changed from {from}: none that changes its play");
        } else {
            let _ = writeln!(
                s,
                "genes changed from {from} ({}), largest change first (as a share of the gene's range):",
                changed.len()
            );
        }
        for c in changed.iter().take(GENES_SHOWN) {
            let g = c.of();
            let _ = writeln!(
                s,
                "  {:<26} {:>8} → {:<8} {:+4.0}%{}",
                g.name,
                g.shown(c.from),
                g.shown(c.to),
                100.0 * c.share(),
                self.worth_of(g.name)
            );
        }
        if changed.len() > GENES_SHOWN {
            let more = changed.len() - GENES_SHOWN;
            let best = self.dir.best();
            let _ = writeln!(s, "  … and {more} more: see {}", best.display());
        }
        if !self.record.worth.is_empty() {
            let games = self.record.worth[0].worth.games_per_opponent;
            s.push_str(&fit(&format!(
                "  worth: the winner less a copy with that gene put back as {from} has it, on the \
                 training suite, fresh dice, {games} games per opponent, ± 95 % (each opponent and \
                 the plain figures: the eval line under next)"
            )));
        }
        let moved = (base.genes.iter().zip(&self.winner.genes))
            .filter(|(a, b)| a != b)
            .count();
        let unseen = moved - changed.len();
        if unseen > 0 {
            s.push_str(&fit(&format!(
                "  ({unseen} more moved without changing play: a switch that stayed on or off, a \
                 count that rounds to the same number, the same to three decimals)"
            )));
        }
    }

    /// What the fitness is, and why another file's number differs; what
    /// the opponents' names that are not plain specs stand for.
    /// Which of the winner's fitness figures is which: the one on the
    /// validation dice (`tuner runs`' valid.) and, beside the champion, the
    /// one on fresh dice.
    fn two_figures(&self) -> String {
        let r = self.record;
        let picked = format!(
            "  the winner's fitness: {:.4} on the validation dice it was picked on (`tuner runs` \
             shows it: valid.)",
            r.winner.fitness
        );
        match &r.comparison {
            Some(c) => format!(
                "{picked}; {:.4} on fresh dice beside the champion, a measurement the pick did \
                 not favour",
                c.winner_fitness
            ),
            None => picked,
        }
    }

    fn fitness_words(&self, s: &mut String) {
        let suite = match self.cfg.suite_file.as_str() {
            "" => "this run's training suite".to_string(),
            file => format!("this run's training suite ({file})"),
        };
        s.push_str(&fit(&format!(
            "  fitness: the mean win rate against {suite}, weighted as the suite says; a fitness \
             measured against another suite (a genome file's header names its own) is another \
             number, not comparable with it"
        )));
        if self.cfg.settings.fitness == crate::tune::eval::Fitness::Adjusted {
            s.push_str(&fit(
                "  luck-adjusted: each game's outcome less its luck (mean 0), an estimate of the win \
                 rate without its bounds: against an opponent that nearly always loses it can pass 1",
            ));
        }
        let names = self.record.winner.opponents.iter().map(|o| o.name.as_str());
        let (mut champion, mut hall) = (false, false);
        for n in names {
            champion |= n == "incumbent";
            hall |= n.starts_with("hall/");
        }
        if champion {
            s.push_str(&fit(
                "  incumbent: the champion (params/best.toml) as an opponent",
            ));
        }
        if hall {
            s.push_str(&fit(
                "  hall/NAME: the genome file NAME.toml of the suite's hall folder (earlier \
                 champions and runs' winners)",
            ));
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

    /// The next commands worth typing, as they work where the user is.
    fn next(&self, s: &mut String) {
        let run = self.dir.0.display();
        let mut lines: Vec<(String, &str)> = Vec::new();
        if self.record.earned() && !self.record.installed {
            lines.push((format!("install {run}"), "make it the champion"));
        }
        let more = self.cfg.settings.generations * 2;
        let longer = format!("evolve --resume {run} --generations {more}");
        lines.push((longer, "run it longer"));
        let best = self.dir.best();
        let eval = format!("eval --genome {} --vs dp --vs dp:exact", best.display());
        match self.base_file() {
            Some(base) => lines.push((
                format!("{eval} --baseline {base} --put-back"),
                "paired with the genome it changed; each change's worth",
            )),
            None => lines.push((eval, "more games against strong players")),
        }
        let runs = &self.cfg.folders.runs;
        let list = match runs.as_os_str() == "runs" {
            true => "runs".to_string(),
            false => format!("runs --runs-dir {}", runs.display()),
        };
        lines.push((list, "every run, a line each"));
        s.push_str("next:\n");
        for (args, why) in lines {
            s.push_str(&hint(&tuner_command(&args), why));
        }
    }
}

/// A command and why, on one line when it fits a screen of 100 columns;
/// else the why first, as a comment, and the command broken between words
/// with shell continuations, so that it can still be pasted whole.
fn hint(command: &str, why: &str) -> String {
    let one = format!("  {command}    # {why}");
    if one.chars().count() <= SCREEN {
        return one + "\n";
    }
    let body = wrap(&format!("  {command}"), SCREEN - 2, "      ");
    let lines: Vec<&str> = body.lines().collect();
    format!("  # {why}\n{}\n", lines.join(" \\\n"))
}

impl Display for Summary<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = fit(&format!("run {}: {}", self.cfg.name, self.verdict()));
        self.verdicts(&mut s);
        if let Some(line) = self.budget_line() {
            s.push_str(&fit(&line));
        }
        let _ = writeln!(
            s,
            "winner on validation dice ({} games per opponent, {}):",
            self.record.games_per_opponent,
            self.cfg.settings.fitness.name()
        );
        s.push_str(&crate::tune::eval::table(&self.record.winner));
        s.push_str(&fit(&self.two_figures()));
        self.fitness_words(&mut s);
        self.genes_changed(&mut s);
        if let Some(last) = self.rows.last() {
            s.push_str(&fit(&format!(
                "training dice, generation {} (each generation meets its own dice; not comparable \
                 with the above): best {:.4}, mean {:.4}",
                last.generation, last.best, last.mean
            )));
        }
        if let Some(line) = steps_line(self.rows, self.ga) {
            s.push_str(&fit(&line));
        }
        let _ = writeln!(s, "{}", self.time());
        s.push_str(&fit(&format!(
            "files: {}/ (config.toml, generations.csv, checkpoint.json, best.toml, \
             validation.json), {}",
            self.dir.0.display(),
            self.plot.display()
        )));
        self.next(&mut s);
        f.write_str(&s)
    }
}

/// What the GA's adapted steps did over the run's generations (None
/// without them): the typical step at the start and the end, the share
/// of children that held, how far the mean sat below the best, and the
/// genes whose steps grew largest (from the run's last `ga` state).
fn steps_line(rows: &[GenerationRow], ga: Option<&GaState>) -> Option<String> {
    let steps: Vec<f64> = rows.iter().filter_map(|r| r.step).collect();
    let (first, last) = (steps.first()?, steps.last()?);
    let held: Vec<f64> = rows.iter().filter_map(|r| r.held).collect();
    let mut gaps: Vec<f64> = rows.iter().map(|r| 100.0 * (r.best - r.mean)).collect();
    gaps.sort_by(f64::total_cmp);
    let largest = ga.map(largest_steps).unwrap_or_default();
    Some(format!(
        "adapted steps: a real gene's typical step {first:.3} → {last:.3} of its range over \
         {} generations; children that held against their parent {:.0} % (the target's \
         share is set by --step-target); the mean {:.1} points under the best (median over \
         generations){largest}",
        rows.len(),
        100.0 * held.iter().sum::<f64>() / held.len().max(1) as f64,
        gaps[gaps.len() / 2],
    ))
}

/// "; the largest steps: gene 0.412 (path +2.1), …": the three reals or
/// counts with the largest steps, each with its evolution path (a path
/// beyond ±1 is a direction the children kept holding in).
fn largest_steps(ga: &GaState) -> String {
    let moving = |name: &str| {
        Genome::index_of(name).is_some_and(|i| matches!(GENES[i].kind, Kind::Real | Kind::Count(_)))
    };
    let mut steps: Vec<&(String, f64)> = ga.steps.iter().filter(|(n, _)| moving(n)).collect();
    steps.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let path = |name: &str| {
        let p = ga.paths.iter().find(|(n, _)| n == name);
        (!ga.paths.is_empty()).then(|| p.map_or(0.0, |p| p.1))
    };
    let shown: Vec<String> = steps
        .iter()
        .take(3)
        .map(|(n, s)| match path(n) {
            Some(p) => format!("{n} {s:.3} (path {p:+.1})"),
            None => format!("{n} {s:.3}"),
        })
        .collect();
    match shown.is_empty() {
        true => String::new(),
        false => format!("; the largest steps: {}", shown.join(", ")),
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
    use super::{duration, hint, largest_steps};
    use crate::tune::optim::ga::GaState;

    #[test]
    fn a_long_hint_breaks_within_100_columns_and_pastes_as_one_command() {
        let short = hint("tuner runs", "every run, a line each");
        assert_eq!(short, "  tuner runs    # every run, a line each\n");
        let path = "runs/a-rather-long-run-name/best.toml";
        let command = format!(
            "cargo run --release -- eval --genome {path} --vs dp --vs dp:exact --baseline {path} --put-back"
        );
        let long = hint(
            &command,
            "paired with the genome it changed; each change's worth",
        );
        let lines: Vec<&str> = long.lines().collect();
        assert_eq!(
            lines[0],
            "  # paired with the genome it changed; each change's worth"
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 100), "{long}");
        let last = lines.len() - 1;
        assert!(last >= 2 && lines[1..last].iter().all(|l| l.ends_with(" \\")));
        // The shell joins the continuations back into the command.
        let joined = lines[1..].join("\n").replace(" \\\n", " ");
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&joined), words(&command));
    }

    #[test]
    fn the_summary_names_the_three_largest_steps_of_reals_and_counts_with_their_paths() {
        let named = |v: &[(&str, f64)]| v.iter().map(|(n, x)| (n.to_string(), *x)).collect();
        let ga = GaState {
            // wp_last_exact is a switch: its step is a flip's, not shown.
            steps: named(&[
                ("wp_edge", 0.5),
                ("wp_last_exact", 0.5),
                ("wp_skew", 0.04),
                ("wp_bid_auctions", 0.2),
                ("wp_spread_factor", 0.417),
            ]),
            paths: named(&[("wp_edge", -2.45), ("wp_spread_factor", 0.31)]),
            lineage: Vec::new(),
            held: None,
        };
        assert_eq!(
            largest_steps(&ga),
            "; the largest steps: wp_edge 0.500 (path -2.5), wp_spread_factor 0.417 \
             (path +0.3), wp_bid_auctions 0.200 (path +0.0)"
        );
        let none = GaState {
            steps: Vec::new(),
            ..ga
        };
        assert_eq!(largest_steps(&none), "");
    }

    #[test]
    fn durations_read_at_a_glance() {
        assert_eq!(duration(12.34), "12.3 s");
        assert_eq!(duration(185.0), "3 min 05 s");
        assert_eq!(duration(3725.0), "1 h 02 min");
    }
}
