//! An evaluation as a table for the terminal: a row per opponent, then the
//! faults' reasons, the programs' last stderr lines and the fitness.

use super::{Baseline, Evaluation};
use crate::text::{Align, Column, percent_interval, table as grid};

const COLUMNS: [Column; 12] = [
    Column::new("opponent", Align::Left, 24),
    Column::new("games", Align::Right, 6),
    Column::new("W", Align::Right, 6),
    Column::new("D", Align::Right, 5),
    Column::new("L", Align::Right, 6),
    Column::new("win %", Align::Right, 8),
    Column::new("95% CI", Align::Right, 13),
    Column::new("margin", Align::Right, 10),
    Column::new("total", Align::Right, 10),
    Column::new("bid pts", Align::Right, 9),
    Column::new("searches", Align::Right, 9),
    Column::new("faults c/o", Align::Right, 11),
];

/// The evaluation as a table for the terminal.
pub fn table(e: &Evaluation) -> String {
    let rows: Vec<Vec<String>> = e
        .opponents
        .iter()
        .map(|r| {
            let mut row = vec![r.name.clone(), r.games.to_string()];
            row.extend([r.record.wins, r.record.draws, r.record.losses].map(|n| n.to_string()));
            row.push(format!("{:.1}%", 100.0 * r.win_rate));
            row.push(percent_interval(r.ci95));
            row.extend([r.mean_margin, r.mean_total, r.mean_bid_points].map(|x| format!("{x:.0}")));
            row.push(r.mean_searches.map_or("–".into(), |x| format!("{x:.0}")));
            row.push(format!("{}/{}", r.faults.candidate, r.faults.opponent));
            row
        })
        .collect();
    let mut lines = grid(&COLUMNS, &rows);
    for r in e.opponents.iter().filter(|r| !r.faults.reasons.is_empty()) {
        let reasons = r
            .faults
            .reasons
            .iter()
            .map(|((who, why), n)| format!("{who}: {why} ×{n}"));
        lines.push(format!(
            "faults vs {}: {}",
            r.name,
            reasons.collect::<Vec<_>>().join("; ")
        ));
    }
    for r in &e.opponents {
        lines.extend(
            r.stderr_tail
                .iter()
                .map(|l| format!("stderr vs {}: {l}", r.name)),
        );
    }
    lines.push(format!(
        "fitness ({}; searches: the candidate's hands searched for a best put, per game, – for a program; c/o: games lost by the candidate's / the opponent's faults): {:.4}",
        e.kind.describe(),
        e.fitness
    ));
    if e.interrupted {
        lines.push("(interrupted: over the games played so far)".to_string());
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

const BASELINE_COLUMNS: [Column; 6] = [
    Column::new("opponent", Align::Left, 24),
    Column::new("games", Align::Right, 6),
    Column::new("baseline", Align::Right, 9),
    Column::new("difference", Align::Right, 11),
    Column::new("95% CI", Align::Right, 17),
    Column::new("z", Align::Right, 7),
];

/// The candidate against the baseline, opponent by opponent: the
/// baseline's score and the paired difference (candidate minus baseline,
/// in points of the score's percent) with its 95 % interval.
pub fn baseline_table(b: &Baseline) -> String {
    let pct = |x: f64| format!("{:+.2}", 100.0 * x);
    let rows: Vec<Vec<String>> = b
        .opponents
        .iter()
        .map(|r| {
            let (d, se) = (r.paired.difference, r.paired.std_error);
            vec![
                r.name.clone(),
                r.paired.games_per_opponent.to_string(),
                format!("{:.2}%", 100.0 * r.baseline_score),
                pct(d),
                format!("{} – {}", pct(d - 1.96 * se), pct(d + 1.96 * se)),
                format!("{:.2}", r.paired.z),
            ]
        })
        .collect();
    let mut lines = vec![format!(
        "against the baseline {} on the same deals (difference: candidate minus baseline, points of %):",
        b.player
    )];
    lines.extend(grid(&BASELINE_COLUMNS, &rows));
    lines.iter().map(|l| format!("{l}\n")).collect()
}
