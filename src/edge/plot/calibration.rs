//! The fitted leaf's picture (`tuner fit`): on the left, predicted against
//! observed P(win) on held-out positions by bins, today's leaf and the
//! fitted one beside the diagonal (a dot's size: its bin's share of the
//! positions); on the right, each round's held-out log loss, both leaves.

use super::{BLUE_OI, VERMILLION_OI, register, write_png};
use crate::tune::fit::{Bin, Fit};
use anyhow::Result;
use plotters::prelude::*;
use std::path::Path;

/// Draws `fit` to `out`.
pub fn calibration_png(fit: &Fit, title: &str, out: &Path) -> Result<()> {
    write_png(out, |tmp| draw(fit, title, tmp, (1100, 520)))
}

/// The two leaves: name and colour, in the order of `Fit::calibration`.
const LEAVES: [(&str, RGBColor); 2] = [("today's leaf", VERMILLION_OI), ("fitted leaf", BLUE_OI)];

fn draw(fit: &Fit, title: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 17))?;
    let (left, right) = root.split_horizontally(size.0 / 2);
    calibration_panel(fit, &left)?;
    loss_panel(fit, &right)?;
    root.present()?;
    Ok(())
}

type Chart<'a, 'b> = ChartContext<
    'a,
    BitMapBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// The two leaves' legend, boxed, at `at`.
fn legend_box<'a, 'b: 'a>(chart: &mut Chart<'a, 'b>, at: SeriesLabelPosition) -> Result<()> {
    chart
        .configure_series_labels()
        .position(at)
        .border_style(BLACK.mix(0.3))
        .background_style(WHITE.mix(0.9))
        .label_font(("sans-serif", 13))
        .draw()?;
    Ok(())
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, plotters::coord::Shift>;

/// Predicted against observed P(win) by bins, both leaves.
fn calibration_panel(fit: &Fit, area: &Area) -> Result<()> {
    let mut c = ChartBuilder::on(area)
        .caption("calibration on held-out positions", ("sans-serif", 15))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)?;
    c.configure_mesh()
        .x_desc("predicted P(win)")
        .y_desc("observed share won (draws ½)")
        .draw()?;
    c.draw_series(LineSeries::new([(0.0, 0.0), (1.0, 1.0)], BLACK.mix(0.4)))?;
    let total: usize = fit.calibration[0].iter().map(|b| b.n).sum();
    for (bins, (name, colour)) in fit.calibration.iter().zip(LEAVES) {
        let used: Vec<&Bin> = bins.iter().filter(|b| b.n > 0).collect();
        let points = used.iter().map(|b| (b.predicted, b.observed));
        c.draw_series(LineSeries::new(points, colour.stroke_width(2)))?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        c.draw_series(used.iter().map(|b| {
            let share = b.n as f64 / total.max(1) as f64;
            Circle::new(
                (b.predicted, b.observed),
                3 + (20.0 * share) as i32,
                colour.filled(),
            )
        }))?;
    }
    legend_box(&mut c, SeriesLabelPosition::UpperLeft)?;
    Ok(())
}

/// Each auction's held-out log loss, both leaves.
fn loss_panel(fit: &Fit, area: &Area) -> Result<()> {
    let losses: Vec<[f64; 2]> = fit
        .rounds
        .iter()
        .map(|r| [r.today.log_loss, r.fitted.log_loss])
        .collect();
    let top = losses.iter().flatten().fold(0.0f64, |a, &b| a.max(b)) * 1.1;
    let (first, last) = match (fit.rounds.first(), fit.rounds.last()) {
        (Some(f), Some(l)) => (f.auction as f64 - 0.5, l.auction as f64 + 0.5),
        _ => (0.0, 1.0),
    };
    let mut r = ChartBuilder::on(area)
        .caption(
            "held-out log loss by auction (lower is better)",
            ("sans-serif", 15),
        )
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(first..last, 0.0..top.max(1e-3))?;
    r.configure_mesh()
        .x_desc("auction about to be played")
        .y_desc("log loss a position")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.2}"))
        .draw()?;
    for (k, (name, colour)) in LEAVES.into_iter().enumerate() {
        let points = fit
            .rounds
            .iter()
            .zip(&losses)
            .map(|(r, l)| (r.auction as f64, l[k]));
        r.draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        r.draw_series(points.map(|p| Circle::new(p, 3, colour.filled())))?;
    }
    legend_box(&mut r, SeriesLabelPosition::UpperRight)?;
    Ok(())
}
