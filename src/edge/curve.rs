//! `tuner curve`: evaluations of candidates at several values of x (a
//! thinking budget, a setting), each paired with one baseline on the same
//! deals, as a table and a picture of the difference against x.

use crate::edge::out::outputs_go_to_folders;
use crate::text::{Align, Column, table};
use crate::tune::eval::curve::Curve;
use crate::tune::eval::{difference_interval, plain_cells, points};
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct CurveArgs {
    /// A point, as X=FILE: FILE written by `tuner eval --json … --baseline
    /// B` for the candidate at x = X (repeatable; one seed and suite).
    #[arg(long = "point", value_name = "X=FILE", required = true, value_parser = parse_point)]
    points: Vec<(f64, PathBuf)>,
    /// What x is, for the picture's axis.
    #[arg(long, default_value = "x")]
    x_label: String,
    /// The baseline the differences are from, as the records name it
    /// (default: the first record's first).
    #[arg(long)]
    baseline: Option<String>,
    /// Output PNG.
    #[arg(short, long, default_value = "plots/curve.png")]
    out: PathBuf,
    /// Width of the picture in pixels.
    #[arg(long, default_value_t = 1200, value_parser = clap::value_parser!(u32).range(300..=8000))]
    width: u32,
    /// Height of the picture in pixels.
    #[arg(long, default_value_t = 700, value_parser = clap::value_parser!(u32).range(300..=8000))]
    height: u32,
}

/// A point that is not X=FILE with X a finite number.
#[derive(Debug, thiserror::Error)]
#[error("{0:?}: a point is X=FILE, X a number (e.g. 25=evals/think-1024.json)")]
struct BadPoint(String);

fn parse_point(text: &str) -> Result<(f64, PathBuf), BadPoint> {
    let bad = || BadPoint(text.to_string());
    let (x, file) = text.split_once('=').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    if !x.is_finite() || file.is_empty() {
        return Err(bad());
    }
    Ok((x, PathBuf::from(file)))
}

/// The curve as lines of text: a row per opponent and x.
fn render(curve: &Curve, x_label: &str) -> Vec<String> {
    let columns = [
        Column::new("opponent", Align::Left, 22),
        Column::new("x", Align::Right, 8),
        Column::new("games", Align::Right, 6),
        Column::new("difference", Align::Right, 10),
        Column::new("95% CI", Align::Right, 16),
        Column::new("plain", Align::Right, 7),
        Column::new("±", Align::Right, 6),
    ];
    let mut rows = Vec::new();
    for (o, name) in curve.opponents.iter().enumerate() {
        for p in &curve.points {
            let Some(r) = p.rows.get(o) else { continue };
            let (d, se) = (r.paired.difference, r.paired.std_error);
            let [plain, plus_minus] = plain_cells(r.plain.as_ref());
            rows.push(vec![
                name.clone(),
                format!("{}", p.x),
                r.paired.games_per_opponent.to_string(),
                points(d),
                difference_interval(d, se),
                plain,
                plus_minus,
            ]);
        }
    }
    for p in &curve.points {
        let (d, se) = p.mean();
        rows.push(vec![
            "mean, all opponents".into(),
            format!("{}", p.x),
            String::new(),
            points(d),
            difference_interval(d, se),
            String::new(),
            String::new(),
        ]);
    }
    let mut lines = vec![format!(
        "paired with {} on seed {}'s deals ({} fitness), points of win rate;",
        curve.baseline,
        curve.seed,
        curve.kind.name()
    )];
    lines.push(format!("x: {x_label}"));
    let named = curve.points.iter();
    lines.extend(named.map(|p| format!("  {} = {} ({})", p.x, p.candidate, p.path.display())));
    lines.extend(table(&columns, &rows));
    lines.push(
        "difference: the candidate less the baseline; 95% CI: its interval; plain: on".into(),
    );
    lines.push("  the outcomes alone (1, ½, 0), ± its 95 % half-interval.".into());
    lines
}

/// Runs `tuner curve`.
pub fn run(a: CurveArgs) -> Result<()> {
    outputs_go_to_folders([&Some(a.out.clone())])?;
    let curve = Curve::read(&a.points, a.baseline.as_deref())?;
    for line in render(&curve, &a.x_label) {
        say!("{line}");
    }
    crate::edge::plot::curve_png(&curve, &a.x_label, &a.out, (a.width, a.height))?;
    say!("wrote {}", a.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_a_number_and_a_file() {
        assert_eq!(
            parse_point("2.5=a.json").unwrap(),
            (2.5, PathBuf::from("a.json"))
        );
        for bad in ["a.json", "x=a.json", "inf=a.json", "3="] {
            assert!(parse_point(bad).is_err(), "{bad}");
        }
    }
}
