//! A curve's picture (`tuner curve`): per opponent, the candidates' paired
//! difference from the baseline against x, with its 95 % interval; zero
//! (the baseline) dashed.

use super::{LINE_COLOURS, legend_entry, register, write_png};
use crate::tune::eval::curve::Curve;
use anyhow::Result;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;
use std::path::Path;

/// z of a two-sided 95 % interval.
const Z95: f64 = 1.96;

/// Draws `curve` to `out`, x described by `x_label`.
pub fn curve_png(curve: &Curve, x_label: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    write_png(out, |tmp| draw(curve, x_label, tmp, size))
}

/// Each opponent's (x, difference, half-interval), in points of win rate,
/// then their unweighted mean's (the opponents' deals are apart, so the
/// errors add in quadrature).
fn lines(curve: &Curve) -> Vec<Line> {
    let mut lines: Vec<_> = (curve.opponents.iter().enumerate())
        .map(|(o, name)| {
            let at = curve.points.iter().filter_map(|p| {
                let row = p.rows.get(o)?;
                Some((
                    p.x,
                    row.paired.difference * 100.0,
                    row.paired.std_error * 100.0 * Z95,
                ))
            });
            (name.clone(), at.collect())
        })
        .collect();
    let mean = curve.points.iter().map(|p| {
        let (d, se) = p.mean();
        (p.x, d * 100.0, se * 100.0 * Z95)
    });
    lines.push(("mean over the opponents".into(), mean.collect()));
    lines
}

/// The style of line `o` of `n`: the last (the mean) thick black; the
/// opponents in colours, dashed once the colours repeat.
fn style(o: usize, n: usize) -> (RGBColor, u32, bool) {
    let colours = &LINE_COLOURS[..LINE_COLOURS.len() - 1];
    match o + 1 == n {
        true => (BLACK, 4, false),
        false => (colours[o % colours.len()], 2, o >= colours.len()),
    }
}

fn draw(curve: &Curve, x_label: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let lines = lines(curve);
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (main, side) = root.split_horizontally(super::legend_split(size.0));
    let ys = lines
        .iter()
        .flat_map(|(_, l)| l.iter().flat_map(|(_, y, h)| [y - h, y + h]));
    let (lo, hi) = super::fit(ys.chain([0.0]), 1.0, (-100.0, 100.0));
    let xs: Vec<f64> = curve.points.iter().map(|p| p.x).collect();
    let (left, right) = (xs[0], xs[xs.len() - 1]);
    // A log axis when x spans a decade or more (budgets double and
    // quadruple); a small nudge apart per opponent so intervals do not hide
    // each other, the lines' spread at most half the closest two x apart so
    // the points of two near budgets stay apart.
    let log = left > 0.0 && right / left >= 8.0;
    let n = lines.len().max(1) as f64;
    let along = |x: f64| if log { x.ln() } else { x };
    let closest = (xs.windows(2))
        .map(|w| along(w[1]) - along(w[0]))
        .filter(|d| *d > 0.0)
        .fold(f64::INFINITY, f64::min);
    let nudge = |x: f64, o: usize| {
        let k = o as f64 - (n - 1.0) / 2.0;
        if log {
            x * (0.025_f64.min(0.5 * closest / n) * k).exp()
        } else {
            let step = (0.01 * (right - left).max(1e-9)).min(0.5 * closest / n);
            x + step * k
        }
    };
    let caption = format!(
        "paired difference from {} (95 %, {}), seed {}",
        curve.baseline,
        curve.kind.name(),
        curve.seed
    );
    let mut chart = ChartBuilder::on(&main);
    chart
        .caption(caption, ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(46)
        .y_label_area_size(70);
    if log {
        let mut c = chart.build_cartesian_2d((left * 0.85..right * 1.15).log_scale(), lo..hi)?;
        mesh(&mut c, x_label)?;
        series(&mut c, &lines, &nudge, &side)?;
    } else {
        let pad = (right - left).max(1e-9) * 0.06;
        let mut c = chart.build_cartesian_2d(left - pad..right + pad, lo..hi)?;
        mesh(&mut c, x_label)?;
        series(&mut c, &lines, &nudge, &side)?;
    }
    root.present()?;
    Ok(())
}

fn mesh<'a, DB, X>(
    c: &mut ChartContext<'a, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
    x_label: &str,
) -> Result<()>
where
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    // The bold grid only (a log axis's light lines crowd each decade's
    // end), and fewer x labels, which a log axis runs together near 100.
    c.configure_mesh()
        .max_light_lines(0)
        .x_labels(8)
        .x_desc(x_label)
        .y_desc("points of win rate over the baseline")
        .x_label_formatter(&|x| format!("{x}"))
        .y_label_formatter(&|y| format!("{y:+.1}"))
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 16))
        .draw()?;
    Ok(())
}

/// A named line of (x, difference, half-interval) points.
type Line = (String, Vec<(f64, f64, f64)>);

type Lines = [Line];

fn series<'a, DB, X>(
    c: &mut ChartContext<'a, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
    lines: &Lines,
    nudge: &dyn Fn(f64, usize) -> f64,
    side: &DrawingArea<DB, plotters::coord::Shift>,
) -> Result<()>
where
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let (x0, x1) = {
        let r = c.x_range();
        (r.start, r.end)
    };
    let zero = DashedLineSeries::new([(x0, 0.0), (x1, 0.0)], 6, 4, BLACK.stroke_width(1));
    c.draw_series(zero)?;
    legend_entry(side, 1, BLACK.stroke_width(1), "0: the baseline")?;
    for (o, (name, at)) in lines.iter().enumerate() {
        let (colour, width, dashed) = style(o, lines.len());
        let moved: Vec<(f64, f64, f64)> = at.iter().map(|&(x, y, h)| (nudge(x, o), y, h)).collect();
        let path = moved.iter().map(|&(x, y, _)| (x, y));
        if dashed {
            c.draw_series(DashedLineSeries::new(
                path,
                8,
                4,
                colour.stroke_width(width),
            ))?;
        } else {
            c.draw_series(LineSeries::new(path, colour.stroke_width(width)))?;
        }
        c.draw_series(
            (moved.iter()).map(|&(x, y, h)| PathElement::new([(x, y - h), (x, y + h)], colour)),
        )?;
        c.draw_series((moved.iter()).map(|&(x, y, _)| Circle::new((x, y), 3, colour.filled())))?;
        let label = match dashed {
            true => format!("{name} (dashed)"),
            false => name.clone(),
        };
        legend_entry(side, o as i32 + 2, colour.stroke_width(width), &label)?;
    }
    Ok(())
}
