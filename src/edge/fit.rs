//! `tuner fit`: the leaf of a genome's win model fitted to the outcomes of
//! seeded games, round by round, scored on held-out games against the
//! genome's own leaf (log loss, Brier score, calibration), with a picture.

use crate::edge::ctrl_c::exit_if_stopped;
use crate::edge::out::{outputs_go_to_folders, write_out};
use crate::edge::plot::calibration::calibration_png;
use crate::edge::progress::Counter;
use crate::edge::threads::with_threads;
use crate::players::StrategySpec;
use crate::text::{Align, Column, table};
use crate::tune::fit::{Fit, FitPlan, collect, fit_leaf};
use anyhow::{Context, Result};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct FitArgs {
    /// The genome that plays the games and whose leaf is scored.
    #[arg(long, default_value = "params/best.toml")]
    genome: PathBuf,
    /// An opponent (a built-in spec; repeatable). Default: dp and dp:exact,
    /// the strong field's approach.
    #[arg(long)]
    vs: Vec<String>,
    /// Games against each opponent, the genome in each seat in turn; one in
    /// five is held out of the fit and scores it (at least 250: 200 games
    /// to fit each auction's three numbers on).
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(250..=10_000_000))]
    games: u64,
    /// Seed of the games' dice.
    #[arg(long, default_value_t = 1, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
    /// Draw the calibration (predicted against observed P(win) on held-out
    /// positions, today's leaf and the fitted one) and the log loss by
    /// round here (PNG).
    #[arg(long, default_value = "plots/fit-calibration.png")]
    plot: PathBuf,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// Runs `tuner fit`.
pub fn run(a: FitArgs) -> Result<()> {
    outputs_go_to_folders([&Some(a.plot.clone())])?;
    let shown = a.genome.display().to_string();
    let genome = yacht_genome_file::read_genome(&a.genome, &shown)?;
    let names = match a.vs.is_empty() {
        true => vec!["dp".to_string(), "dp:exact".to_string()],
        false => a.vs.clone(),
    };
    let opponents = names
        .iter()
        .map(|n| StrategySpec::parse(n).with_context(|| format!("--vs {n}")))
        .collect::<Result<Vec<_>>>()?;
    let plan = FitPlan {
        genome: &genome,
        opponents: &opponents,
        games: a.games,
        seed: a.seed,
    };
    let total = a.games * opponents.len() as u64;
    let bar = Counter::new("fit: games", "games", total, a.quiet);
    let fit = with_threads(a.threads, || {
        let positions = collect(&plan, &|n| (0..n).for_each(|_| bar.inc()));
        fit_leaf(&genome, &positions)
    })?;
    bar.finish();
    exit_if_stopped();
    let title = format!(
        "{shown}'s leaf against {} ({total} games, seed {})",
        names.join(", "),
        a.seed
    );
    calibration_png(&fit, &title, &a.plot)?;
    let mut text = report(&fit, &names, total, a.seed).join("\n");
    text.push('\n');
    write_out(&text);
    say!("calibration and log loss by round: {}", a.plot.display());
    Ok(())
}

/// The fit as text, within 100 columns.
pub fn report(fit: &Fit, names: &[String], games: u64, seed: u64) -> Vec<String> {
    let mut out = vec![
        format!(
            "{} positions between rounds from {games} games against {} (seed {seed});",
            fit.positions,
            names.join(", ")
        ),
        "each auction's leaf fitted on four games in five, scored on the fifth (shift: points \
         added to"
            .into(),
        "the margin; factor: of its variance; skew: the skewness's weight; gain: today's log \
         loss less"
            .into(),
        "the fitted one's, thousandths a position):".into(),
    ];
    let c = |t, w| Column::new(t, Align::Right, w);
    let columns = [
        Column::new("auction", Align::Left, 7),
        c("held out", 8),
        c("shift", 7),
        c("factor", 6),
        c("skew", 6),
        c("log loss today", 14),
        c("fitted", 7),
        c("gain (95 %)", 15),
        c("Brier today", 11),
        c("fitted", 7),
    ];
    let rows: Vec<Vec<String>> = fit
        .rounds
        .iter()
        .map(|r| {
            vec![
                match r.exact {
                    true => format!("{} ex", r.auction),
                    false => r.auction.to_string(),
                },
                r.held.to_string(),
                format!("{:+.0}", r.shape.shift.round() + 0.0),
                format!("{:.3}", r.shape.factor),
                format!("{:.2}", r.shape.skew),
                format!("{:.4}", r.today.log_loss),
                format!("{:.4}", r.fitted.log_loss),
                format!("{:+.2} ± {:.2}", 1000.0 * r.gain.0, 1000.0 * r.gain.1),
                format!("{:.4}", r.today.brier),
                format!("{:.4}", r.fitted.brier),
            ]
        })
        .collect();
    out.extend(table(&columns, &rows));
    if fit.rounds.iter().any(|r| r.exact) {
        out.push(
            "ex: today's leaf there is the last auction exactly (wp_last_exact), not the normal: \
             left out below"
                .into(),
        );
    }
    out.push(format!(
        "all held-out positions: log loss {:.4} today, {:.4} fitted: a gain of {:+.2} ± {:.2}",
        fit.today.log_loss,
        fit.fitted.log_loss,
        1000.0 * fit.gain.0,
        1000.0 * fit.gain.1,
    ));
    out.push("  thousandths a position (games as units).".into());
    out.extend(residual_lines(fit));
    out.push(format!(
        "Brier {:.4} today, {:.4} fitted. The fit is a measurement: the bot plays its genes.",
        fit.today.brier, fit.fitted.brier
    ));
    out
}

/// Where each leaf is wrong, as a table.
fn residual_lines(fit: &Fit) -> Vec<String> {
    let mut out = Vec::new();
    out.push(String::new());
    out.push(
        "where a leaf is wrong: the outcome less its P(win), mean on held-out positions (95 %):"
            .into(),
    );
    let columns = [
        Column::new("positions", Align::Left, 22),
        Column::new("n", Align::Right, 7),
        Column::new("today's leaf", Align::Right, 17),
        Column::new("fitted leaf", Align::Right, 17),
    ];
    let pct = |(m, h): (f64, f64)| format!("{:+.2} ± {:.2}", 100.0 * m, 100.0 * h);
    let rows: Vec<Vec<String>> = fit
        .residuals
        .iter()
        .map(|r| {
            vec![
                r.group.to_string(),
                r.n.to_string(),
                pct(r.leaves[0]),
                pct(r.leaves[1]),
            ]
        })
        .collect();
    out.extend(table(&columns, &rows));
    out.push("(points of %)".into());
    out
}
