//! The planted-optimum benchmark's picture (`tuner optbench`): per
//! optimiser, the median regret of the winner validation would pick
//! against the games spent (solid), its quartiles shaded, one colour each.

use super::{LINE_COLOURS, legend_entry, register, write_png};
use crate::tune::optim::bench::{Contender, Quartiles, Settings, Trace, spent};
use anyhow::Result;
use plotters::prelude::*;
use std::path::Path;

/// Draws the traces of `s`'s run to `out`.
pub fn optbench_png(s: &Settings, traces: &[Trace], out: &Path, size: (u32, u32)) -> Result<()> {
    write_png(out, |tmp| draw(s, traces, tmp, size))
}

/// Per generation: games spent by then and the quartiles of regret.
fn curve(s: &Settings, traces: &[Trace], c: Contender) -> Vec<(f64, Quartiles)> {
    let mine: Vec<&Trace> = traces.iter().filter(|t| t.contender == c).collect();
    (1..=s.generations)
        .map(|g| {
            let at: Vec<f64> = mine.iter().map(|t| t.regret[g as usize - 1]).collect();
            (spent(s, g) as f64 / 1e6, Quartiles::of(&at))
        })
        .collect()
}

fn draw(s: &Settings, traces: &[Trace], out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (main, side) = root.split_horizontally(size.0.saturating_sub(260));
    let curves: Vec<_> = (s.contenders.iter())
        .map(|&c| (c, curve(s, traces, c)))
        .collect();
    let top = curves
        .iter()
        .flat_map(|(_, c)| c.iter().map(|(_, q)| q.q3))
        .fold(1.0f64, f64::max)
        * 1.05;
    let right = spent(s, s.generations) as f64 / 1e6;
    let mut c = ChartBuilder::on(&main)
        .caption(
            format!(
                "planted optimum, {} terrain: regret of the validated winner ({} landscapes, {} genomes × {} games a generation)",
                s.terrain.name(), s.landscapes, s.population, s.games
            ),
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..right, 0.0..top)?;
    c.configure_mesh()
        .x_desc("games spent (millions)")
        .y_desc("regret: points of win rate below the optimum")
        .x_label_formatter(&|x| format!("{x:.1}"))
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()?;
    for (i, (kind, curve)) in curves.iter().enumerate() {
        let colour = LINE_COLOURS[i % LINE_COLOURS.len()];
        let band: Vec<(f64, f64)> = curve
            .iter()
            .map(|(x, q)| (*x, q.q3))
            .chain(curve.iter().rev().map(|(x, q)| (*x, q.q1)))
            .collect();
        c.draw_series(std::iter::once(Polygon::new(
            band,
            colour.mix(0.15).filled(),
        )))?;
        let median = curve.iter().map(|(x, q)| (*x, q.median));
        c.draw_series(LineSeries::new(median, colour.stroke_width(2)))?;
        let label = format!("{kind}: median, quartiles shaded");
        legend_entry(&side, i as i32 + 2, colour.stroke_width(2), &label)?;
    }
    root.present()?;
    Ok(())
}
