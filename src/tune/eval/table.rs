//! An evaluation as a table for the terminal: a row per opponent, then the
//! faults' reasons, the programs' last stderr lines and the fitness.

use super::{Baseline, Evaluation, Fitness, MARGIN, OpponentResult, Paired, Standing, Z_ONE_SIDED};
use crate::text::{Align, Column, SCREEN, cut_list, table as grid, wrap};

const COLUMNS: [Column; 11] = [
    Column::new("opponent", Align::Left, 20),
    Column::new("games", Align::Right, 6),
    Column::new("win %", Align::Right, 6),
    Column::new("95% CI", Align::Right, 11),
    Column::new("adj. %", Align::Right, 7),
    Column::new("±", Align::Right, 5),
    Column::new("var÷", Align::Right, 5),
    Column::new("margin", Align::Right, 7),
    Column::new("bid pts", Align::Right, 7),
    Column::new("search", Align::Right, 6),
    Column::new("c/o", Align::Right, 5),
];

/// What the columns mean, under the table (lines within 100 columns).
const LEGEND: &str = "\
adj. %: the win rate less each game's luck (the dice and tie coins as the exact table values
  them): the same mean, less noise; ±: its 95 % half-interval; var÷: how many times fewer games
  it needs than the plain win rate for the same interval. margin: the candidate's total less the
  opponent's, game points, mean a game; bid pts: the candidate's bid points a game (paid −,
  received +). search: the candidate's hands searched for a best put per game, a look-ahead leaf
  counted as a quarter (– for a program). c/o: games lost by the candidate's / the opponent's
  faults.";

/// A rate's interval in percent without the sign, e.g. `65.3–71.8`.
fn interval([lo, hi]: [f64; 2]) -> String {
    format!("{:.1}–{:.1}", 100.0 * lo, 100.0 * hi)
}

/// A variance ratio, or – when there was no variance to divide.
fn times(ratio: f64) -> String {
    if ratio > 0.0 {
        format!("{ratio:.1}×")
    } else {
        "–".to_string()
    }
}

/// One opponent's row.
fn row(r: &OpponentResult) -> Vec<String> {
    let a = &r.adjusted;
    vec![
        r.name.clone(),
        r.games.to_string(),
        format!("{:.1}%", 100.0 * r.win_rate),
        interval(r.ci95),
        format!("{:.2}", 100.0 * a.rate),
        format!("{:.2}", 50.0 * (a.ci95[1] - a.ci95[0])),
        times(a.variance_ratio),
        format!("{:.0}", r.mean_margin),
        format!("{:.0}", r.mean_bid_points),
        r.mean_searches.map_or("–".into(), |x| format!("{x:.0}")),
        format!("{}/{}", r.faults.candidate, r.faults.opponent),
    ]
}

/// The evaluation as a table for the terminal.
pub fn table(e: &Evaluation) -> String {
    let rows: Vec<Vec<String>> = e.opponents.iter().map(row).collect();
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
    lines.extend(LEGEND.lines().map(str::to_string));
    lines.extend(beyond_a_rate(e));
    lines.push(format!("fitness ({}): {:.4}", e.kind.describe(), e.fitness));
    if e.interrupted {
        lines.push("(interrupted: over the games played so far)".to_string());
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// A line for the opponents whose adjusted rate lies outside 0–100 %: it
/// is an estimate of the win rate (the outcome less a luck of mean 0), not
/// a share of games, and near a sure win or loss it can pass the bound.
fn beyond_a_rate(e: &Evaluation) -> Vec<String> {
    let outside: Vec<&str> = e
        .opponents
        .iter()
        .filter(|r| !(0.0..=1.0).contains(&r.adjusted.rate))
        .map(|r| r.name.as_str())
        .collect();
    if outside.is_empty() {
        return Vec::new();
    }
    vec![
        format!(
            "adj. % past 0–100 against {}: the outcome less a luck of",
            outside.join(", ")
        ),
        "  mean 0 estimates the win rate without bounds: a sure win with bad dice passes 100 %"
            .into(),
    ]
}

/// A difference in points of % (`+1.23`).
pub fn points(x: f64) -> String {
    format!("{:+.2}", 100.0 * x)
}

/// The 95 % interval of a difference `d` of standard error `se`, in
/// points of % (`+0.12 – +2.34`).
pub fn difference_interval(d: f64, se: f64) -> String {
    format!("{} – {}", points(d - 1.96 * se), points(d + 1.96 * se))
}

/// The plain outcomes' difference and its 95 % half-interval, in points
/// of % ("–" for both when not measured).
pub fn plain_cells(plain: Option<&Paired>) -> [String; 2] {
    match plain {
        Some(p) => [points(p.difference), format!("{:.2}", 196.0 * p.std_error)],
        None => ["–".into(), "–".into()],
    }
}

const BASELINE_COLUMNS: [Column; 9] = [
    Column::new("opponent", Align::Left, 20),
    Column::new("games", Align::Right, 6),
    Column::new("baseline", Align::Right, 8),
    Column::new("difference", Align::Right, 10),
    Column::new("95% CI", Align::Right, 15),
    Column::new("z", Align::Right, 6),
    Column::new("plain", Align::Right, 7),
    Column::new("±", Align::Right, 6),
    Column::new("var÷", Align::Right, 5),
];

/// The candidate against the baseline, opponent by opponent: the
/// baseline's score and the paired difference (candidate minus baseline,
/// in points of the score's percent) with its 95 % interval and z, then
/// the plain outcomes' difference and what the fitness's adjustment saved.
pub fn baseline_table(b: &Baseline, kind: Fitness) -> String {
    let rows: Vec<Vec<String>> = b
        .opponents
        .iter()
        .map(|r| {
            let (d, se) = (r.paired.difference, r.paired.std_error);
            let [plain, plus_minus] = plain_cells(r.plain.as_ref());
            vec![
                r.name.clone(),
                r.paired.games_per_opponent.to_string(),
                format!("{:.2}%", 100.0 * r.baseline_score),
                points(d),
                difference_interval(d, se),
                format!("{:.2}", r.paired.z),
                plain,
                plus_minus,
                times(r.variance_ratio),
            ]
        })
        .collect();
    let mut lines = vec![
        format!("against the baseline {} on the same deals", b.player),
        format!(
            "(difference: candidate minus baseline, points of %, on the {kind} fitness; plain: on"
        ),
        "the outcomes alone, ± its 95 % half-interval; var÷: its variance over the difference's):"
            .to_string(),
    ];
    lines.extend(grid(&BASELINE_COLUMNS, &rows));
    let mut s: String = lines.iter().map(|l| format!("{l}\n")).collect();
    s.push_str(&standing_line(b));
    s
}

/// The opponents by where the candidate stands against the baseline's
/// margin, one-sided (as `tuner evolve`'s held-out check judges each):
/// how many it is shown not worse against, and the others by name.
fn standing_line(b: &Baseline) -> String {
    // The others by name, each with its z against the margin (the
    // table's z is against 0).
    let named = |standing| -> Vec<String> {
        b.opponents
            .iter()
            .filter(|r| Standing::of(r.paired.difference, r.paired.std_error) == standing)
            .map(|r| {
                let z = super::margin_z(r.paired.difference, r.paired.std_error);
                format!("{} (z {z:+.2})", r.name)
            })
            .collect()
    };
    let listed = |names: &[String]| {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        cut_list(&names, 6)
    };
    let (unshown, worse) = (named(Standing::Unshown), named(Standing::Worse));
    let not_worse = b.opponents.len() - unshown.len() - worse.len();
    let mut line = format!(
        "not worse by more than {} point (one-sided, 95 %: z with the point added > \
         {Z_ONE_SIDED}): against {not_worse} of {}",
        100.0 * MARGIN,
        b.opponents.len()
    );
    if !unshown.is_empty() {
        line.push_str(&format!("; not shown against {}", listed(&unshown)));
    }
    if !worse.is_empty() {
        line.push_str(&format!("; WORSE against {}", listed(&worse)));
    }
    wrap(&line, SCREEN, "  ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_rates(rates: &[(&str, f64)]) -> Evaluation {
        let each = rates.iter().map(|&(name, rate)| {
            let mut r = OpponentResult {
                name: name.to_string(),
                ..OpponentResult::default()
            };
            r.adjusted.rate = rate;
            r
        });
        Evaluation {
            fitness: 0.5,
            kind: Fitness::Adjusted,
            opponents: each.collect(),
            interrupted: false,
        }
    }

    #[test]
    fn a_baseline_table_says_where_the_candidate_stands_against_the_margin() {
        let row = |name: &str, difference, std_error| super::super::BaselineRow {
            name: name.to_string(),
            baseline_score: 0.6,
            paired: Paired {
                games_per_opponent: 1000,
                difference,
                std_error,
                z: super::super::z_score(difference, std_error),
            },
            plain: None,
            variance_ratio: 0.0,
        };
        let baseline = |rows| Baseline {
            player: "old.toml".to_string(),
            fitness: 0.6,
            opponents: rows,
        };
        // The same games; half a point down within 0.2 (shown above −1);
        // half a point down within 1 (not shown); 3 down within 0.5
        // (shown below −1).
        let mixed = baseline(vec![
            row("dp", 0.0, 0.0),
            row("dp:own", -0.005, 0.002),
            row("sample:1", -0.005, 0.01),
            row("dp:exact", -0.03, 0.005),
        ]);
        let t = baseline_table(&mixed, Fitness::Adjusted);
        assert!(
            t.ends_with(
                "not worse by more than 1 point (one-sided, 95 %: z with the point added > \
                 1.645): against 2 of 4;\n  not shown against sample:1 (z +0.50); WORSE \
                 against dp:exact (z -4.00)\n"
            ),
            "{t}"
        );
        assert!(t.lines().all(|l| l.chars().count() <= 100), "{t}");
        let same = baseline(vec![row("dp", 0.0, 0.0), row("dp:own", 0.001, 0.002)]);
        assert!(baseline_table(&same, Fitness::Adjusted).ends_with("1.645): against 2 of 2\n"));
    }

    #[test]
    fn an_adjusted_rate_past_its_bounds_is_explained_naming_its_opponents() {
        let none = beyond_a_rate(&with_rates(&[("dp", 0.6), ("sample:1", 1.0)]));
        assert!(none.is_empty());
        let e = with_rates(&[("dp", 0.6), ("crash", 1.04), ("x", -0.01)]);
        let lines = beyond_a_rate(&e);
        assert!(
            lines[0].starts_with("adj. % past 0–100 against crash, x:"),
            "{lines:?}"
        );
        assert!(table(&e).contains(&lines.join("\n")));
        assert!(table(&e).lines().all(|l| l.chars().count() <= 100));
    }
}
