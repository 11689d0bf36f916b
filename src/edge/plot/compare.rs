//! Several runs' fitness curves on one picture (`tuner runs --compare`):
//! each run's best (solid) and mean (dashed) per generation in its own
//! colour, its suite and validated winner in the legend on the right (runs
//! on different suites measure different things: the legend says so).

use super::{LINE_COLOURS, fit, legend_entry, register, write_png};
use crate::tune::run::RunDir;
use crate::tune::run::generations::GenerationRow;
use anyhow::{Result, bail};
use plotters::prelude::*;
use std::path::Path;

/// One run's curves and legend text.
struct Curve {
    label: String,
    rows: Vec<GenerationRow>,
}

/// Draws the runs in `dirs` to `out`. Runs of different fitness kinds
/// cannot share an axis: an error says so.
pub fn compare_png(dirs: &[RunDir], out: &Path, size: (u32, u32)) -> Result<()> {
    let mut curves = Vec::new();
    let mut kinds = Vec::new();
    for dir in dirs {
        let cfg = dir.load_config()?;
        kinds.push(cfg.settings.fitness);
        let validated = match dir.load_validation()? {
            Some(v) => format!(", validated {:.4}", v.winner.fitness),
            None => String::new(),
        };
        let suite = match cfg.suite_file.is_empty() {
            true => format!("{} opponents", cfg.suite.len()),
            false => cfg.suite_file.clone(),
        };
        curves.push(Curve {
            label: format!("{} ({suite}){validated}", cfg.name),
            rows: dir.load_generations()?.rows,
        });
    }
    if kinds.windows(2).any(|w| w[0] != w[1]) {
        bail!(
            "the runs measure fitness differently (win rate and margin): compare runs of one kind"
        );
    }
    let kind = kinds.first().copied().unwrap_or_default();
    write_png(out, |tmp| draw(&curves, &kind.axis_label(), tmp, size))
}

fn draw(curves: &[Curve], y_desc: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (main, side) = root.split_horizontally(size.0.saturating_sub(300));
    let all = curves.iter().flat_map(|c| &c.rows);
    let last = all.clone().map(|r| r.generation).max().unwrap_or(0);
    let ys = all.flat_map(|r| [r.best, r.mean]);
    let (lo, hi) = fit(ys, 0.02, (0.0, 1.0));
    let mut c = ChartBuilder::on(&main)
        .caption(
            "fitness per generation: best (solid) and mean (dashed), training dice",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..(last as f64).max(1.0), lo..hi)?;
    c.configure_mesh()
        .x_desc("generation")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc(y_desc)
        .y_label_formatter(&|y| format!("{y:.3}"))
        .draw()?;
    for (i, curve) in curves.iter().enumerate() {
        let colour = LINE_COLOURS[i % LINE_COLOURS.len()];
        let line = |y: fn(&GenerationRow) -> f64| -> Vec<(f64, f64)> {
            curve
                .rows
                .iter()
                .map(|r| (r.generation as f64, y(r)))
                .collect()
        };
        c.draw_series(LineSeries::new(line(|r| r.best), colour.stroke_width(2)))?;
        c.draw_series(DashedLineSeries::new(
            line(|r| r.mean),
            6,
            4,
            colour.stroke_width(1),
        ))?;
        legend_entry(&side, i as i32 + 2, colour.stroke_width(2), &curve.label)?;
    }
    root.present()?;
    Ok(())
}
