//! Fitness plots (PNG, plotters) of a run's generations.csv: best / mean /
//! worst fitness per generation, and the best genome's win rate against each
//! opponent. The font ships in the binary; no system package is needed.

use anyhow::{Context, Result, anyhow};
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use std::path::Path;
use std::sync::Once;

const FONT: &[u8] = include_bytes!("../assets/DejaVuSansMono.ttf");

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and known to parse.
        let _ = register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// A run's series as read from generations.csv.
pub struct Series {
    pub generation: Vec<f64>,
    pub best: Vec<f64>,
    pub mean: Vec<f64>,
    pub worst: Vec<f64>,
    /// (opponent, best genome's win rate per generation).
    pub by_opponent: Vec<(String, Vec<f64>)>,
}

/// Reads generations.csv.
pub fn read_series(csv_path: &Path) -> Result<Series> {
    let mut r = csv::Reader::from_path(csv_path)
        .with_context(|| format!("cannot read {}", csv_path.display()))?;
    let headers = r.headers()?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| anyhow!("{}: no column `{name}`", csv_path.display()))
    };
    let (g, b, m, w) = (
        col("generation")?,
        col("best")?,
        col("mean")?,
        col("worst")?,
    );
    let opp: Vec<(usize, String)> = headers
        .iter()
        .enumerate()
        .filter_map(|(i, h)| h.strip_prefix("best_vs_").map(|n| (i, n.to_string())))
        .collect();
    let mut s = Series {
        generation: vec![],
        best: vec![],
        mean: vec![],
        worst: vec![],
        by_opponent: opp.iter().map(|(_, n)| (n.clone(), vec![])).collect(),
    };
    for (line, rec) in r.records().enumerate() {
        let rec = rec?;
        let num = |i: usize| -> Result<f64> {
            rec.get(i).and_then(|x| x.parse().ok()).ok_or_else(|| {
                anyhow!(
                    "{}: line {}: column {} is not a number",
                    csv_path.display(),
                    line + 2,
                    i + 1
                )
            })
        };
        s.generation.push(num(g)?);
        s.best.push(num(b)?);
        s.mean.push(num(m)?);
        s.worst.push(num(w)?);
        for (k, (i, _)) in opp.iter().enumerate() {
            s.by_opponent[k].1.push(num(*i)?);
        }
    }
    if s.generation.is_empty() {
        return Err(anyhow!("{}: no generations yet", csv_path.display()));
    }
    Ok(s)
}

/// Draws the fitness plot of `series` to a PNG of `size` pixels.
pub fn fitness_png(series: &Series, title: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(size.1 / 2);
    let last = series.generation.last().copied().unwrap_or(0.0).max(1.0);
    let lo = series
        .worst
        .iter()
        .copied()
        .fold(1.0, f64::min)
        .clamp(0.0, 0.9);
    let mut c = ChartBuilder::on(&top)
        .caption(
            format!("{title}: fitness per generation"),
            ("sans-serif", 22),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..last, lo..1.0)?;
    c.configure_mesh()
        .x_desc("generation")
        .y_desc("fitness (win rate)")
        .draw()?;
    let lines: [(&str, &Vec<f64>, RGBColor); 3] = [
        ("best", &series.best, BLUE),
        ("mean", &series.mean, GREEN),
        ("worst", &series.worst, RED),
    ];
    for (name, ys, color) in lines {
        let pts: Vec<(f64, f64)> = series
            .generation
            .iter()
            .copied()
            .zip(ys.iter().copied())
            .collect();
        c.draw_series(LineSeries::new(pts, color.stroke_width(2)))?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    c.configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    let lo2 = series
        .by_opponent
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .fold(1.0, f64::min)
        .clamp(0.0, 0.9);
    let mut c = ChartBuilder::on(&bottom)
        .caption("best genome's win rate per opponent", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..last, lo2..1.0)?;
    c.configure_mesh()
        .x_desc("generation")
        .y_desc("win rate")
        .draw()?;
    for (k, (name, ys)) in series.by_opponent.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        let pts: Vec<(f64, f64)> = series
            .generation
            .iter()
            .copied()
            .zip(ys.iter().copied())
            .collect();
        c.draw_series(LineSeries::new(pts, color.stroke_width(1)))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    c.configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}
