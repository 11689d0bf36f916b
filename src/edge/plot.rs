//! Plots (PNG, plotters): a run's fitness, diversity and per-opponent win
//! rates from its generations.csv, and a tournament's ratings and cross
//! table. Colours are colour-blind safe (Okabe–Ito lines, a viridis scale).
//! The font ships in the binary; no system package is needed.

use crate::tune::eval::Fitness;
use crate::tune::evolve::{RunDir, ValidationRecord};
use anyhow::{Context, Result, anyhow};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
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
    pub diversity: Vec<f64>,
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
    let (g, b, m, w, d) = (
        col("generation")?,
        col("best")?,
        col("mean")?,
        col("worst")?,
        col("diversity")?,
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
        diversity: vec![],
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
        s.diversity.push(num(d)?);
        for (k, (i, _)) in opp.iter().enumerate() {
            s.by_opponent[k].1.push(num(*i)?);
        }
    }
    if s.generation.is_empty() {
        return Err(anyhow!("{}: no generations yet", csv_path.display()));
    }
    Ok(s)
}

/// Okabe–Ito colours, distinguishable with the common colour blindnesses.
const BLUE_OI: RGBColor = RGBColor(0, 114, 178);
const GREEN_OI: RGBColor = RGBColor(0, 158, 115);
const VERMILLION_OI: RGBColor = RGBColor(213, 94, 0);
const PURPLE_OI: RGBColor = RGBColor(204, 121, 167);
const ORANGE_OI: RGBColor = RGBColor(230, 159, 0);
const SKY_OI: RGBColor = RGBColor(86, 180, 233);

/// A sequential colour-blind-safe scale (viridis, by five anchors): 0 dark
/// purple … 1 yellow.
fn viridis(x: f64) -> RGBColor {
    const ANCHORS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let x = x.clamp(0.0, 1.0) * 4.0;
    let i = (x.floor() as usize).min(3);
    let t = x - i as f64;
    let (a, b) = (ANCHORS[i], ANCHORS[i + 1]);
    let mix = |p: f64, q: f64| (p + (q - p) * t).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Where a win rate sits on the heat map's colour scale (0..=1): by the
/// logarithm of the loss rate, so 99 % and 99.9 % differ as much as 90 %
/// and 99 % (win rates near 1 stay readable); 50 % or less is 0.
fn win_scale(win: f64) -> f64 {
    let loss = (1.0 - win).clamp(0.001, 0.5);
    1.0 - (loss.log10() + 3.0) / (3.0 + 0.5f64.log10())
}

/// Opponents against whom the best genome's mean win rate is below this
/// get their own panel of lines.
const STRONG_BELOW: f64 = 0.9;

/// Line colours of the strong opponents' panel (Okabe–Ito, colour-blind
/// safe; yellow left out, too faint on white). More opponents than colours
/// repeat them.
const STRONG_COLOURS: [RGBColor; 7] = [
    BLUE_OI,
    VERMILLION_OI,
    GREEN_OI,
    PURPLE_OI,
    ORANGE_OI,
    SKY_OI,
    BLACK,
];

/// Where a legend covers the least of a chart: the right-hand corner (upper
/// or lower) of the half of the y range `lo..hi` that holds fewer of the
/// points in the right 40 % of the x range `0..=last`.
fn legend_corner(
    points: impl Iterator<Item = (i32, f64)>,
    last: i32,
    lo: f64,
    hi: f64,
) -> SeriesLabelPosition {
    let middle = (lo + hi) / 2.0;
    let (mut upper, mut lower) = (0, 0);
    for (_, y) in points.filter(|&(x, _)| x as f64 >= 0.6 * last as f64) {
        if y >= middle {
            upper += 1;
        } else {
            lower += 1;
        }
    }
    if upper <= lower {
        SeriesLabelPosition::UpperRight
    } else {
        SeriesLabelPosition::LowerRight
    }
}

/// Draws a run's plot to a PNG of `size` pixels: fitness per generation
/// (best, mean, worst, best so far, and the validated winner's fitness on
/// validation dice when given), the population's diversity, the best
/// genome's win rate against the strong opponents (below `STRONG_BELOW`)
/// as lines, and against each opponent as a heat map (hardest opponent on
/// top), with its colour scale.
pub fn fitness_png(
    series: &Series,
    title: &str,
    fitness: Fitness,
    validation: Option<&ValidationRecord>,
    out: &Path,
    size: (u32, u32),
) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let validated = validation.map(|v| v.winner.fitness);
    let root = match validation {
        Some(v) => {
            let (banner, rest) = root.split_vertically(30);
            banner.draw(&Text::new(
                verdict_line(v),
                (14, 8),
                ("sans-serif", 17).into_font().color(&BLACK),
            ))?;
            rest
        }
        None => root,
    };
    // The opponents the best genome does not crush get a panel of lines of
    // their own: on the heat map's scale they would all look alike.
    let mean = |k: usize| {
        let v = &series.by_opponent[k].1;
        v.iter().sum::<f64>() / v.len().max(1) as f64
    };
    let strong: Vec<usize> = (0..series.by_opponent.len())
        .filter(|&k| mean(k) < STRONG_BELOW)
        .collect();
    let (top, rest) = root.split_vertically(size.1 * 38 / 100);
    let (middle, rest) = rest.split_vertically(size.1 * 11 / 100);
    let (lines, bottom) = if strong.is_empty() {
        (None, rest)
    } else {
        let (lines, bottom) = rest.split_vertically(size.1 * 20 / 100);
        (Some(lines), bottom)
    };
    let gens: Vec<i32> = series.generation.iter().map(|&g| g as i32).collect();
    let last = gens.last().copied().unwrap_or(0).max(1);

    // Fitness.
    let mut best_so_far = series.best.clone();
    for i in 1..best_so_far.len() {
        best_so_far[i] = best_so_far[i].max(best_so_far[i - 1]);
    }
    let all = [&series.best, &series.mean, &series.worst];
    let lo = all
        .iter()
        .flat_map(|v| v.iter().copied())
        .chain(validated)
        .fold(1.0, f64::min);
    let lo = (lo - 0.02).clamp(0.0, 0.95);
    let mut c = ChartBuilder::on(&top)
        .caption(
            format!("{title}: fitness per generation"),
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(64)
        .build_cartesian_2d(0..last, lo..1.0)?;
    c.configure_mesh()
        .x_desc("generation")
        .y_desc(format!("fitness ({})", fitness.axis_label()))
        .x_labels((last as usize + 1).min(21))
        .draw()?;
    let line =
        |ys: &[f64]| -> Vec<(i32, f64)> { gens.iter().copied().zip(ys.iter().copied()).collect() };
    for (name, ys, color) in [
        ("best", &series.best, BLUE_OI),
        ("mean", &series.mean, GREEN_OI),
        ("worst", &series.worst, VERMILLION_OI),
    ] {
        c.draw_series(LineSeries::new(line(ys), color.stroke_width(2)))?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    c.draw_series(DashedLineSeries::new(
        line(&best_so_far),
        6,
        4,
        BLACK.stroke_width(1),
    ))?
    .label("best so far")
    .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLACK.stroke_width(1)));
    if let Some(v) = validated {
        c.draw_series(DashedLineSeries::new(
            vec![(0, v), (last, v)],
            10,
            5,
            PURPLE_OI.stroke_width(2),
        ))?
        .label(format!("validated winner, validation dice: {v:.4}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], PURPLE_OI.stroke_width(2)));
    }
    let drawn = all.iter().flat_map(|ys| line(ys)).chain(line(&best_so_far));
    c.configure_series_labels()
        .position(legend_corner(drawn, last, lo, 1.0))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;

    // Diversity.
    let top_div = series
        .diversity
        .iter()
        .copied()
        .fold(0.0, f64::max)
        .max(1e-3)
        * 1.1;
    let mut d = ChartBuilder::on(&middle)
        .margin(12)
        .x_label_area_size(28)
        .y_label_area_size(64)
        .build_cartesian_2d(0..last, 0.0..top_div)?;
    d.configure_mesh()
        .x_labels((last as usize + 1).min(21))
        .y_labels(3)
        .y_desc("diversity")
        .label_style(("sans-serif", 12))
        .axis_desc_style(("sans-serif", 12))
        .draw()?;
    d.draw_series(LineSeries::new(
        line(&series.diversity),
        BLUE_OI.stroke_width(2),
    ))?;

    // Win rate against the strong opponents, as lines.
    if let Some(area) = lines {
        // The legend in a strip below the chart: the lines fill it.
        let (area, strip) = area.split_vertically(area.dim_in_pixel().1.saturating_sub(24));
        let rates = || {
            strong
                .iter()
                .flat_map(|&k| series.by_opponent[k].1.iter().copied())
        };
        let lo = (rates().fold(0.5, f64::min) - 0.02).max(0.0);
        let hi = (rates().fold(0.5, f64::max) + 0.02).min(1.0);
        let mut l = ChartBuilder::on(&area)
            .caption(
                "best genome's win rate against the strong opponents",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(28)
            .y_label_area_size(64)
            .build_cartesian_2d(0..last, lo..hi)?;
        l.configure_mesh()
            .x_labels((last as usize + 1).min(21))
            .y_labels(5)
            .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
            .draw()?;
        l.draw_series(DashedLineSeries::new(
            vec![(0, 0.5), (last, 0.5)],
            4,
            4,
            BLACK.stroke_width(1),
        ))?;
        let mut x = 76;
        for (i, &k) in strong.iter().enumerate() {
            let color = STRONG_COLOURS[i % STRONG_COLOURS.len()];
            let (name, ys) = &series.by_opponent[k];
            l.draw_series(LineSeries::new(line(ys), color.stroke_width(2)))?;
            strip.draw(&PathElement::new(
                vec![(x, 12), (x + 20, 12)],
                color.stroke_width(2),
            ))?;
            strip.draw(&Text::new(
                name.clone(),
                (x + 26, 12),
                ("sans-serif", 13)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
            x += 26 + 8 * name.chars().count() as i32 + 24;
        }
    }

    // Win rate per opponent: a heat map, hardest opponent on top.
    let (map, scale) = bottom.split_horizontally(size.0 * 90 / 100);
    let mut order: Vec<usize> = (0..series.by_opponent.len()).collect();
    order.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
    let n = order.len().max(1) as i32;
    let shade = |x: f64| viridis(win_scale(x));
    let name_at = |y: i32| {
        order.get(y as usize).map_or(String::new(), |&k| {
            crate::text::truncate(&series.by_opponent[k].0, 16)
        })
    };
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(y) => name_at(*y),
        _ => String::new(),
    };
    let mut h = ChartBuilder::on(&map)
        .caption("best genome's win rate per opponent", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(130)
        .build_cartesian_2d(0..last + 1, (0..n - 1).into_segmented())?;
    h.configure_mesh()
        .disable_mesh()
        .x_desc("generation")
        .x_labels((last as usize + 2).min(21))
        .y_labels(n as usize)
        .y_label_formatter(&label)
        .draw()?;
    for (row, &k) in order.iter().enumerate() {
        for (&g, &x) in gens.iter().zip(&series.by_opponent[k].1) {
            let y = row as i32;
            let cell = [
                (g, SegmentValue::Exact(y)),
                (g + 1, SegmentValue::Exact(y + 1)),
            ];
            h.draw_series(std::iter::once(Rectangle::new(cell, shade(x).filled())))?;
        }
    }
    // The colour scale, labelled in win rates.
    let mut bar = ChartBuilder::on(&scale)
        .margin_top(40)
        .margin_bottom(48)
        .margin_right(4)
        .build_cartesian_2d(0.0..2.4, 0.0..1.0)?;
    let steps = 60;
    for i in 0..steps {
        let (a, b) = (i as f64 / steps as f64, (i + 1) as f64 / steps as f64);
        bar.draw_series(std::iter::once(Rectangle::new(
            [(0.0, a), (1.0, b)],
            viridis((a + b) / 2.0).filled(),
        )))?;
    }
    for win in [0.5, 0.8, 0.9, 0.95, 0.99, 0.999] {
        let t = win_scale(win);
        bar.draw_series(std::iter::once(Text::new(
            format!("{}%", 100.0 * win),
            (1.1, t),
            ("sans-serif", 13).into_font().color(&BLACK),
        )))?;
    }
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// Tournament picture, written whole to `out` (or not at all): ratings
/// with 95 % error bars (left) and the cross table as a heat map with each
/// cell's score in % (right; viridis, dark 0 … yellow 100), both in
/// leaderboard order, best at the top.
pub fn tournament_png(
    t: &crate::host::tournament::Table,
    out: &Path,
    size: (u32, u32),
) -> Result<()> {
    let tmp = png_beside(out);
    let drawn = draw_tournament(t, &tmp, size);
    finish_png(drawn, &tmp, out)
}

fn draw_tournament(t: &crate::host::tournament::Table, out: &Path, size: (u32, u32)) -> Result<()> {
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
            .map_or(String::new(), |r| crate::text::truncate(&r.name, 16))
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
        .x_desc("rating (Elo scale, mean 1500)")
        .x_labels(6)
        .x_label_formatter(&|x| format!("{x:.0}"))
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
            "row's score against column, % (dark 0 … yellow 100)",
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
                Some(x) => viridis(x),
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
            if let Some(x) = t.cross[i][j] {
                // Dark text on the light (high) end of the scale.
                let ink = if x > 0.6 { BLACK } else { WHITE };
                let centre = (SegmentValue::CenterOf(b as i32), SegmentValue::CenterOf(y));
                h.draw_series(std::iter::once(Text::new(
                    format!("{:.0}", 100.0 * x),
                    centre,
                    ("sans-serif", 12)
                        .into_font()
                        .color(&ink)
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                )))?;
            }
        }
    }
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// Both verdicts of a validation and what became of the winner, in one
/// line: the plot's banner.
pub fn verdict_line(v: &ValidationRecord) -> String {
    let training = match &v.comparison {
        None => "no incumbent to compare with".to_string(),
        Some(c) if c.better() => {
            format!("training suite: better (z = {:.2})", c.test.z)
        }
        Some(c) => format!("training suite: not shown better (z = {:.2})", c.test.z),
    };
    let heldout = match &v.heldout {
        None => "no held-out suite".to_string(),
        Some(h) if h.not_worse => format!("held out: not worse (z = {:.2})", h.z),
        Some(h) => format!("held out: not shown not worse (z = {:.2})", h.z),
    };
    let installed = if v.replaced_params_best {
        "installed"
    } else {
        "not installed"
    };
    format!("winner {installed} — {training}; {heldout}")
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
    // What the run's fitness is (runs before the setting: win rate).
    let fitness = std::fs::read_to_string(run_dir.join("config.toml"))
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
        .and_then(|c| c.get("fitness")?.as_str()?.parse().ok())
        .unwrap_or_default();
    // The validated winner and the verdicts, once the run has been validated.
    let validation = ValidationRecord::read(&RunDir(run_dir.to_path_buf()));
    let tmp = png_beside(out);
    let drawn = fitness_png(&series, &title, fitness, validation.as_ref(), &tmp, size);
    finish_png(drawn, &tmp, out)
}

/// A temporary file beside `out` that plotters writes as PNG.
fn png_beside(out: &Path) -> PathBuf {
    let tmp = crate::files::temporary_beside(out);
    tmp.with_file_name(format!(
        "{}.png",
        tmp.file_name()
            .map_or_else(Default::default, |n| n.to_string_lossy())
    ))
}

/// Renames a drawn temporary PNG onto `out`, or removes it.
fn finish_png(drawn: Result<()>, tmp: &Path, out: &Path) -> Result<()> {
    let done = drawn.and_then(|()| {
        std::fs::rename(tmp, out).with_context(|| format!("cannot write {}", out.display()))
    });
    if done.is_err() {
        let _ = std::fs::remove_file(tmp);
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_win_scale_spreads_rates_near_one_and_the_colours_run_dark_to_light() {
        assert_eq!(win_scale(0.3), 0.0);
        assert_eq!(win_scale(1.0), 1.0);
        let steps: Vec<f64> = [0.5, 0.9, 0.99, 0.999].map(win_scale).to_vec();
        assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
        // 90 → 99 % moves the colour as much as 99 → 99.9 %.
        assert!(((steps[2] - steps[1]) - (steps[3] - steps[2])).abs() < 1e-9);
        assert_eq!(viridis(0.0), RGBColor(68, 1, 84));
        assert_eq!(viridis(1.0), RGBColor(253, 231, 37));
    }
}
