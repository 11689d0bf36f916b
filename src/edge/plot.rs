//! Fitness plots (PNG, plotters) of a run's generations.csv: best / mean /
//! worst fitness per generation, and the best genome's win rate against each
//! opponent. The font ships in the binary; no system package is needed.

use anyhow::{Context, Result, anyhow};
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use std::path::{Path, PathBuf};
use std::sync::Once;

const FONT: &[u8] = include_bytes!("../../assets/DejaVuSansMono.ttf");

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

/// One named line of a panel: (label, values per generation, colour, width).
type Line<'a> = (String, &'a [f64], RGBColor, u32);

/// A panel of lines over the generations, y from `lo` to 1, with a legend.
fn line_panel(
    area: &DrawingArea<BitMapBackend, plotters::coord::Shift>,
    title: &str,
    y_desc: &str,
    generations: &[f64],
    lines: &[Line],
) -> Result<()> {
    let last = generations.last().copied().unwrap_or(0.0).max(1.0);
    let lo = lines
        .iter()
        .flat_map(|l| l.1.iter().copied())
        .fold(1.0, f64::min)
        .clamp(0.0, 0.9);
    let mut c = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..last, lo..1.0)?;
    c.configure_mesh()
        .x_desc("generation")
        .y_desc(y_desc)
        .draw()?;
    for (name, ys, color, width) in lines {
        let (color, width) = (*color, *width);
        let pts: Vec<(f64, f64)> = generations
            .iter()
            .copied()
            .zip(ys.iter().copied())
            .collect();
        c.draw_series(LineSeries::new(pts, color.stroke_width(width)))?
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
    Ok(())
}

/// Draws the fitness plot of `series` to a PNG of `size` pixels: best /
/// mean / worst fitness on top, the best genome's win rate per opponent below.
pub fn fitness_png(series: &Series, title: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(size.1 / 2);
    let fitness: Vec<Line> = vec![
        ("best".into(), &series.best, BLUE, 2),
        ("mean".into(), &series.mean, GREEN, 2),
        ("worst".into(), &series.worst, RED, 2),
    ];
    let caption = format!("{title}: fitness per generation");
    line_panel(
        &top,
        &caption,
        "fitness (win rate)",
        &series.generation,
        &fitness,
    )?;
    let per_opponent: Vec<Line> = series
        .by_opponent
        .iter()
        .enumerate()
        .map(|(k, (name, ys))| {
            let c = Palette99::pick(k).to_rgba();
            (name.clone(), &ys[..], RGBColor(c.0, c.1, c.2), 1)
        })
        .collect();
    line_panel(
        &bottom,
        "best genome's win rate per opponent",
        "win rate",
        &series.generation,
        &per_opponent,
    )?;
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// Tournament picture: ratings with 95 % error bars (left) and the cross
/// table as a heat map (right; green: row wins, red: row loses), both in
/// leaderboard order, best at the top.
pub fn tournament_png(
    t: &crate::host::tournament::Table,
    out: &Path,
    size: (u32, u32),
) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(size.0 * 2 / 5);
    let rows = &t.standings;
    let n = rows.len() as i32;
    // Row k of the leaderboard is drawn at y = n - 1 - k (best on top). A
    // segmented 0..last has one segment per value 0..=last.
    let last = n - 1;
    let name_at = |y: i32| {
        rows.get((n - 1 - y) as usize)
            .map_or(String::new(), |r| r.name.clone())
    };
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(y) => name_at(*y),
        _ => String::new(),
    };
    let bar = |r: &crate::host::tournament::Standing| 1.96 * r.rating_se.min(400.0);
    let lo = rows
        .iter()
        .map(|r| r.rating - bar(r))
        .fold(f64::MAX, f64::min)
        - 30.0;
    let hi = rows
        .iter()
        .map(|r| r.rating + bar(r))
        .fold(f64::MIN, f64::max)
        + 30.0;
    let mut c = ChartBuilder::on(&left)
        .caption("rating (Bradley–Terry, 95% bars)", ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(140)
        .build_cartesian_2d(lo..hi, (0..last).into_segmented())?;
    c.configure_mesh()
        .disable_y_mesh()
        .y_labels(n as usize)
        .y_label_formatter(&label)
        .draw()?;
    for (k, r) in rows.iter().enumerate() {
        let y = || SegmentValue::CenterOf(n - 1 - k as i32);
        let e = bar(r);
        c.draw_series(std::iter::once(PathElement::new(
            vec![(r.rating - e, y()), (r.rating + e, y())],
            BLACK.stroke_width(2),
        )))?;
        c.draw_series(std::iter::once(Circle::new(
            (r.rating, y()),
            5,
            BLUE.filled(),
        )))?;
    }
    let index: Vec<usize> = rows
        .iter()
        .map(|r| t.names.iter().position(|x| *x == r.name).unwrap_or(0))
        .collect();
    let mut h = ChartBuilder::on(&right)
        .caption(
            "cross table: row's score against column",
            ("sans-serif", 18),
        )
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(140)
        .build_cartesian_2d((0..last).into_segmented(), (0..last).into_segmented())?;
    let col_label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(x) => rows
            .get(*x as usize)
            .map_or(String::new(), |r| r.name.chars().take(6).collect()),
        _ => String::new(),
    };
    h.configure_mesh()
        .disable_mesh()
        .x_labels(n as usize)
        .y_labels(n as usize)
        .x_label_formatter(&col_label)
        .y_label_formatter(&label)
        .draw()?;
    for (a, &i) in index.iter().enumerate() {
        for (b, &j) in index.iter().enumerate() {
            let color = match t.cross[i][j] {
                Some(x) => RGBColor((255.0 * (1.0 - x)) as u8, (200.0 * x) as u8, 60),
                None => RGBColor(230, 230, 230),
            };
            let y = n - 1 - a as i32;
            let cell = [
                (SegmentValue::Exact(b as i32), SegmentValue::Exact(y)),
                (
                    SegmentValue::Exact(b as i32 + 1),
                    SegmentValue::Exact(y + 1),
                ),
            ];
            h.draw_series(std::iter::once(Rectangle::new(cell, color.filled())))?;
        }
    }
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// `plots/NAME-fitness.png` for the run folder `…/NAME`.
pub fn default_plot_path(plots: &Path, run_dir: &Path) -> PathBuf {
    let name = run_dir
        .file_name()
        .map_or("run".into(), |n| n.to_string_lossy().into_owned());
    plots.join(format!("{name}-fitness.png"))
}

/// Draws a run's plot, atomically (temporary file, then rename).
pub fn plot_run(run_dir: &Path, out: &Path, size: (u32, u32)) -> Result<()> {
    let series = read_series(&run_dir.join("generations.csv"))?;
    let title = run_dir
        .file_name()
        .map_or("run".into(), |n| n.to_string_lossy().into_owned());
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let tmp = out.with_extension("tmp.png");
    fitness_png(&series, &title, &tmp, size)?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))
}
