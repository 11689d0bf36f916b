//! A run's plot: the verdict on top, then four panels on one generation
//! axis (fitness with the champion's level and resumes marked, diversity,
//! the best genome's win rate against the strong opponents, and against
//! every opponent as a heat map); each panel's legend sits in a strip on
//! the right, never over the data.

use super::{
    BLUE_OI, GREEN_OI, LINE_COLOURS, PURPLE_OI, VERMILLION_OI, fit, legend_entry, register,
    write_png,
};
use crate::tune::eval::Fitness;
use crate::tune::run::config::changed_by_budget;
use crate::tune::run::{GenerationRow, RunDir, ValidationRecord};
use anyhow::{Result, bail};
use heat::{colour_scale, heat_panel};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// What a run's plot shows, read from its files.
struct RunPlot {
    title: String,
    fitness: Fitness,
    resumed_at: Vec<u32>,
    names: Vec<String>,
    rows: Vec<GenerationRow>,
    validation: Option<ValidationRecord>,
    /// validation.json exists but this version cannot read it.
    old_validation: bool,
    /// How the run played the champion, when otherwise than its file says.
    champion_as: Option<String>,
    /// The run ranks genomes within a search budget first: its best is
    /// the best within it (a genome over it may score more).
    budget: bool,
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, Shift>;

/// Opponents against whom the best genome's mean win rate is below this
/// get their own panel of lines, the hardest [`STRONG_LINES`] of them.
const STRONG_BELOW: f64 = 0.9;
/// The most lines on the strong opponents' panel (more do not read).
const STRONG_LINES: usize = 5;
/// A heat map row's height at least, in pixels: its name at 13 px.
const ROW: u32 = 17;
/// Width of the legend strip on the right, in pixels.
const SIDE: u32 = 270;
/// Width of the y labels' area at least (the heat map's opponent names
/// widen it, see [`RunPlot::y_area`]).
const Y_AREA: u32 = 140;
/// Tick labels and axis names, alike on every panel.
const LABELS: (&str, u32) = ("sans-serif", 13);
/// Height of the verdict banner of one line.
const BANNER: u32 = 34;
/// Each further line of the verdict, in pixels.
const BANNER_LINE: i32 = 24;
/// The panels' titles at their largest; the verdict is drawn at this size.
const TITLE: u32 = 18;

/// Draws the run in `dir` to `out` (PNG, `size` pixels).
pub fn plot_run(dir: &RunDir, out: &Path, size: (u32, u32)) -> Result<()> {
    let gens = dir.load_generations()?;
    if gens.rows.is_empty() {
        bail!("{}: no generations yet", dir.csv().display());
    }
    // Runs of older versions keep a generations.csv this version reads
    // but a config.toml or validation.json it may not: drawn without them.
    let (fitness, resumed_at, rollouts, budget) = match dir.load_config() {
        Ok(cfg) => (
            cfg.settings.fitness,
            cfg.resumed_at,
            Some(cfg.settings.rollouts),
            cfg.settings.max_searches.is_some(),
        ),
        Err(_) => (Fitness::default(), Vec::new(), None, false),
    };
    let validation = dir.load_validation();
    let champion_as = match (&validation, rollouts) {
        (Ok(Some(v)), Some(rollouts)) => played_as(rollouts, v),
        _ => None,
    };
    let plot = RunPlot {
        title: dir.name(),
        fitness,
        resumed_at,
        names: gens.names,
        rows: gens.rows,
        old_validation: validation.is_err(),
        validation: validation.ok().flatten(),
        champion_as,
        budget,
    };
    write_png(out, |tmp| draw(&plot, tmp, size))
}

impl RunPlot {
    /// The x range shared by every panel: a generation's cell is g ± ½.
    fn x_range(&self) -> std::ops::Range<f64> {
        let last = self.rows.last().map_or(0, |r| r.generation);
        -0.5..axis_end(last)
    }

    /// The x axis: the generations' range with a tick on whole
    /// generations only (see [`generation_ticks`]).
    fn x_axis(&self) -> GenerationAxis {
        let last = self.rows.last().map_or(0, |r| r.generation);
        GenerationAxis {
            inner: self.x_range().into(),
            ticks: generation_ticks(last),
        }
    }

    /// The opponents' names as labels: the file stem of a hall genome
    /// (`hall/win-probability` → `win-probability`) when no other
    /// opponent has it, else the whole name; never cut.
    fn labels(&self) -> Vec<String> {
        let stem = |n: &String| n.rsplit('/').next().unwrap_or(n).to_string();
        self.names
            .iter()
            .map(|n| {
                let short = stem(n);
                let shared = self.names.iter().filter(|m| stem(m) == short).count() > 1;
                if shared { n.clone() } else { short }
            })
            .collect()
    }

    /// The y labels' width: the longest label at 13 px, or [`Y_AREA`].
    fn y_area(&self) -> u32 {
        let longest = self.labels().iter().map(|l| l.chars().count()).max();
        let wide = (longest.unwrap_or(0) as f64 * 0.6 * f64::from(LABELS.1)) as u32 + 24;
        wide.max(Y_AREA)
    }

    /// The picture's height: at least `asked`, more when the heat map's
    /// rows need it ([`ROW`] pixels each).
    fn height(&self, asked: u32) -> u32 {
        let heat = self.names.len() as u32 * ROW + 100;
        asked.max(BANNER + 520 + heat)
    }

    /// Markers on the lines when they are short (one generation is a
    /// point, not a line).
    fn points(&self) -> u32 {
        if self.rows.len() <= 12 { 3 } else { 0 }
    }

    fn line(&self, y: impl Fn(&GenerationRow) -> f64) -> Vec<(f64, f64)> {
        self.rows
            .iter()
            .map(|r| (r.generation as f64, y(r)))
            .collect()
    }

    /// Opponent `k`'s win rates, generation by generation.
    fn rates(&self, k: usize) -> Vec<(f64, f64)> {
        self.line(|r| r.best_by_opponent.get(k).copied().unwrap_or(0.0))
    }

    fn mean_rate(&self, k: usize) -> f64 {
        let r = self.rates(k);
        r.iter().map(|p| p.1).sum::<f64>() / r.len().max(1) as f64
    }

    /// The opponents the best genome does not crush (on the heat map's
    /// scale they would all look alike), hardest first: how many, and the
    /// [`STRONG_LINES`] hardest.
    fn strong(&self) -> (usize, Vec<usize>) {
        let mut strong: Vec<usize> = (0..self.names.len())
            .filter(|&k| self.mean_rate(k) < STRONG_BELOW)
            .collect();
        strong.sort_by(|&a, &b| self.mean_rate(a).total_cmp(&self.mean_rate(b)));
        let all = strong.len();
        strong.truncate(STRONG_LINES);
        (all, strong)
    }
}

/// The generation axis: positions as numbers (a generation's cell is g ±
/// ½), ticks and grid lines on the given whole generations only.
struct GenerationAxis {
    inner: RangedCoordf64,
    ticks: Vec<f64>,
}

impl Ranged for GenerationAxis {
    type ValueType = f64;
    type FormatOption = DefaultFormatting;

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        match hint.weight().allow_light_points() {
            true => Vec::new(),
            false => self.ticks.clone(),
        }
    }
}

/// Ticks on whole generations from 0 to `last`: every one up to 12, else
/// every 2nd, 5th, 10th, 20th, … so that at most 12 are drawn.
fn generation_ticks(last: u32) -> Vec<f64> {
    let steps = [1u32, 2, 5].into_iter().cycle();
    let step = (0..)
        .zip(steps)
        .map(|(i, s)| s * 10u32.pow(i / 3))
        .find(|&s| last / s < 12)
        .unwrap_or(1);
    (0..=last).step_by(step as usize).map(f64::from).collect()
}

fn draw(p: &RunPlot, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let verdict = banner_lines(&banner_line(p), size.0.saturating_sub(28));
    let top = banner_height(verdict.len());
    let size = (size.0, p.height(size.1) + top - BANNER);
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (banner, body) = root.split_vertically(top);
    for (i, line) in verdict.into_iter().enumerate() {
        let font = ("sans-serif", TITLE).into_font().color(&BLACK);
        banner.draw(&Text::new(line, (14, 8 + BANNER_LINE * i as i32), font))?;
    }
    let (main, side) = body.split_horizontally(size.0.saturating_sub(SIDE));
    let strong = p.strong();
    let h = size.1.saturating_sub(top);
    // The heat map gets its rows' room; the others share the rest.
    let heat = (p.names.len() as u32 * ROW + 100).max(h * 30 / 100);
    let rest = h.saturating_sub(heat);
    let heights = [
        rest * 51 / 100,
        rest * 17 / 100,
        if strong.1.is_empty() {
            0
        } else {
            rest * 32 / 100
        },
    ];
    let (fit_area, rest) = main.split_vertically(heights[0]);
    let (fit_side, side_rest) = side.split_vertically(heights[0]);
    let (div_area, rest) = rest.split_vertically(heights[1]);
    let (div_side, side_rest) = side_rest.split_vertically(heights[1]);
    let (strong_area, heat_area) = rest.split_vertically(heights[2]);
    let (strong_side, heat_side) = side_rest.split_vertically(heights[2]);
    fitness_panel(p, &fit_area, &fit_side)?;
    diversity_panel(p, &div_area, &div_side)?;
    if !strong.1.is_empty() {
        strong_panel(p, strong, &strong_area, &strong_side)?;
    }
    heat_panel(p, &heat_area)?;
    colour_scale(&heat_side)?;
    root.present()?;
    Ok(())
}

/// The verdict's lines at the titles' size ([`TITLE`]) within `room`
/// pixels (a character about 0.55 of the size wide): wrapped, never
/// shrunk.
fn banner_lines(line: &str, room: u32) -> Vec<String> {
    let per_line = (f64::from(room) / (0.55 * f64::from(TITLE))) as usize;
    let wrapped = crate::text::wrap(line, per_line.max(20), "  ");
    wrapped.lines().map(String::from).collect()
}

/// The banner's height for `lines` lines of the verdict.
fn banner_height(lines: usize) -> u32 {
    BANNER + lines.saturating_sub(1) as u32 * BANNER_LINE as u32
}

/// The banner: both verdicts and whether the winner was installed.
fn banner_line(p: &RunPlot) -> String {
    match &p.validation {
        Some(v) => {
            let installed = if v.installed {
                "installed"
            } else {
                "not installed"
            };
            format!("{}: winner {installed} — {}", p.title, v.verdicts())
        }
        None if p.old_validation => format!(
            "{}: validated by an older version (its validation.json does not read here)",
            p.title
        ),
        None => format!("{}: not validated yet", p.title),
    }
}

/// How a run of budget `rollouts` played the champion it validated
/// against, when otherwise than its file says.
fn played_as(rollouts: u32, v: &ValidationRecord) -> Option<String> {
    let g = &v.incumbent_genes.as_ref()?.genome;
    changed_by_budget(g, rollouts).then(|| match rollouts {
        0 => " by tables,".to_string(),
        n => format!(" at {n} futures,"),
    })
}

/// Horizontal levels on the fitness panel: the winner and the champion on
/// the same fresh dice (the champion as the run played it), else the
/// winner on validation dice.
fn levels(v: &ValidationRecord, champion_as: &str) -> Vec<(String, f64, RGBColor)> {
    match &v.comparison {
        Some(c) => vec![
            (
                match champion_as {
                    "" => format!("champion on fresh dice: {:.4}", c.incumbent_fitness),
                    by => format!("champion{by} fresh dice: {:.4}", c.incumbent_fitness),
                },
                c.incumbent_fitness,
                BLACK,
            ),
            (
                format!("winner on fresh dice: {:.4}", c.winner_fitness),
                c.winner_fitness,
                PURPLE_OI,
            ),
        ],
        None => vec![(
            format!("winner on validation dice: {:.4}", v.winner.fitness),
            v.winner.fitness,
            PURPLE_OI,
        )],
    }
}

fn fitness_panel(p: &RunPlot, area: &Area, side: &Area) -> Result<()> {
    let best = match p.budget {
        true => "best within the search budget",
        false => "best",
    };
    let lines = [
        (best, p.line(|r| r.best), BLUE_OI),
        ("mean", p.line(|r| r.mean), GREEN_OI),
        ("worst", p.line(|r| r.worst), VERMILLION_OI),
    ];
    let champion_as = p.champion_as.as_deref().unwrap_or_default();
    let levels = p
        .validation
        .as_ref()
        .map(|v| levels(v, champion_as))
        .unwrap_or_default();
    let ys = lines.iter().flat_map(|(_, l, _)| l.iter().map(|q| q.1));
    let (lo, hi) = fit(ys.chain(levels.iter().map(|l| l.1)), 0.02, (0.0, 1.0));
    let x = p.x_range();
    let mut c = ChartBuilder::on(area)
        .caption(
            CAPTION,
            ("sans-serif", fitting(CAPTION, width(area), TITLE)),
        )
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(p.y_area())
        .build_cartesian_2d(p.x_axis(), lo..hi)?;
    c.configure_mesh()
        .label_style(LABELS)
        .axis_desc_style(LABELS)
        .x_label_formatter(&whole)
        .y_desc(p.fitness.axis_label())
        .y_label_formatter(&|y| format!("{y:.3}"))
        .draw()?;
    for (row, (name, line, colour)) in lines.into_iter().enumerate() {
        c.draw_series(LineSeries::new(line, colour.stroke_width(2)).point_size(p.points()))?;
        legend_entry(side, row as i32, colour.stroke_width(2), name)?;
    }
    let px: Vec<i32> = levels
        .iter()
        .map(|l| c.backend_coord(&(x.end, l.1)).1)
        .collect();
    for (i, ((name, y, colour), dy)) in levels.iter().zip(label_offsets(&px)).enumerate() {
        let level = vec![(x.start, *y), (x.end, *y)];
        c.draw_series(DashedLineSeries::new(level, 8, 5, colour.stroke_width(2)))?;
        legend_entry(side, 3 + i as i32, colour.stroke_width(2), name)?;
        // Each level named at its right end, apart from the other's name.
        let tag = name.split(' ').next().unwrap_or_default().to_string();
        let font = ("sans-serif", 13)
            .into_font()
            .color(colour)
            .pos(Pos::new(HPos::Right, VPos::Center));
        c.draw_series(std::iter::once(
            EmptyElement::at((x.end, *y)) + Text::new(tag, (-6, dy), font),
        ))?;
    }
    for &g in &p.resumed_at {
        let at = g as f64 - 0.5;
        let mark = vec![(at, lo), (at, hi)];
        c.draw_series(DashedLineSeries::new(
            mark,
            3,
            3,
            BLACK.mix(0.6).stroke_width(1),
        ))?;
    }
    if !p.resumed_at.is_empty() {
        let row = 3 + levels.len() as i32;
        let text = format!("resumed at generation {:?}", p.resumed_at);
        legend_entry(side, row, BLACK.mix(0.6).stroke_width(1), &text)?;
    }
    Ok(())
}

/// Where each level's name sits, in pixels from its line (up is
/// negative), given the lines' heights in pixels: just above its line, or,
/// where two lines are closer than [`LABEL_GAP`], the upper one's name
/// above and the lower one's below, so that the names never overlap.
fn label_offsets(px: &[i32]) -> Vec<i32> {
    let above = -(LABEL_GAP / 2 + 1);
    px.iter()
        .enumerate()
        .map(|(i, &y)| {
            let close_above = px
                .iter()
                .enumerate()
                .any(|(j, &o)| j != i && (o - y).abs() < LABEL_GAP && (o < y || (o == y && j < i)));
            match close_above {
                true => LABEL_GAP / 2 + 1,
                false => above,
            }
        })
        .collect()
}

/// The share of a generation per generation drawn after the last one:
/// room where the levels' names sit clear of the lines' last markers.
const LABEL_ROOM: f64 = 0.1;

/// The generation axis's right end after generation `last`: half a
/// generation, then [`LABEL_ROOM`] of the generations drawn.
fn axis_end(last: u32) -> f64 {
    f64::from(last) + 0.5 + LABEL_ROOM * f64::from(last + 1)
}

/// Two level names at least this many pixels apart (13 px text).
const LABEL_GAP: i32 = 16;

const CAPTION: &str = "fitness per generation (training dice: each generation meets its own)";
const STRONG: &str = "best genome's win rate against the strong opponents";

/// The largest font size up to `max` (at least 9) at which `text` fits in
/// `room` pixels (a character of this font is about 0.55 of its size wide).
fn fitting(text: &str, room: u32, max: u32) -> u32 {
    let per = 0.55 * text.chars().count().max(1) as f64;
    ((f64::from(room) / per) as u32).clamp(9, max)
}

/// An area's width less its margins.
fn width(area: &Area) -> u32 {
    area.dim_in_pixel().0.saturating_sub(30)
}

/// Decimals that tell ticks up to `top` apart (three at least).
fn decimals(top: f64) -> usize {
    let digits = (-top.max(1e-9).log10()).ceil() as i64 + 1;
    digits.clamp(3, 9) as usize
}

/// Whole generations as tick labels; nothing between them.
fn whole(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 && *x >= 0.0 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// The population's spread and, with adapted steps, the GA's typical
/// step after each generation (both fractions of a gene's range).
fn diversity_panel(p: &RunPlot, area: &Area, side: &Area) -> Result<()> {
    let steps: Vec<(f64, f64)> = p
        .rows
        .iter()
        .filter_map(|r| Some((f64::from(r.generation), r.step?)))
        .collect();
    let lines = [
        ("diversity", p.line(|r| r.diversity), BLUE_OI),
        ("step (reals)", steps, PURPLE_OI),
    ];
    let ys = lines.iter().flat_map(|(_, l, _)| l.iter().map(|q| q.1));
    let top = ys.fold(1e-3, f64::max) * 1.15;
    let mut d = ChartBuilder::on(area)
        .margin(10)
        .x_label_area_size(24)
        .y_label_area_size(p.y_area())
        .build_cartesian_2d(p.x_axis(), 0.0..top)?;
    d.configure_mesh()
        .label_style(LABELS)
        .axis_desc_style(LABELS)
        .x_label_formatter(&whole)
        .y_labels(3)
        .y_desc("share of gene range")
        .y_label_formatter(&|y| format!("{y:.*}", decimals(top)))
        .draw()?;
    let drawn = lines.into_iter().filter(|(_, l, _)| !l.is_empty());
    for (row, (name, line, colour)) in drawn.enumerate() {
        d.draw_series(LineSeries::new(line, colour.stroke_width(2)).point_size(p.points()))?;
        legend_entry(side, row as i32, colour.stroke_width(2), name)?;
    }
    Ok(())
}

/// The best genome's win rate against the hardest strong opponents
/// (`strong`: how many there are, and the hardest few), a line each.
fn strong_panel(p: &RunPlot, strong: (usize, Vec<usize>), area: &Area, side: &Area) -> Result<()> {
    let (all, shown) = strong;
    let rates = shown.iter().flat_map(|&k| p.rates(k)).map(|q| q.1);
    let (lo, hi) = fit(rates.chain([0.5]), 0.1, (0.0, 1.0));
    let x = p.x_range();
    let caption = match all > shown.len() {
        true => format!(
            "best genome's win rate against the {} hardest of the {all} opponents below 90%",
            shown.len()
        ),
        false => STRONG.to_string(),
    };
    let mut l = ChartBuilder::on(area)
        .caption(&caption, ("sans-serif", fitting(&caption, width(area), 16)))
        .margin(10)
        .x_label_area_size(24)
        .y_label_area_size(p.y_area())
        .build_cartesian_2d(p.x_axis(), lo..hi)?;
    l.configure_mesh()
        .label_style(LABELS)
        .x_label_formatter(&whole)
        .y_labels(5)
        .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
        .draw()?;
    let even = vec![(x.start, 0.5), (x.end, 0.5)];
    l.draw_series(DashedLineSeries::new(even, 4, 4, BLACK.stroke_width(1)))?;
    let labels = p.labels();
    for (i, &k) in shown.iter().enumerate() {
        let style = LINE_COLOURS[i % LINE_COLOURS.len()].stroke_width(2);
        l.draw_series(LineSeries::new(p.rates(k), style).point_size(p.points()))?;
        legend_entry(side, i as i32, style, &labels[k])?;
    }
    Ok(())
}

mod heat;

#[cfg(test)]
mod tests;
