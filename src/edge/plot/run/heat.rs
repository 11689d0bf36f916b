//! The run plot's heat map: the best genome's win rate against every
//! opponent, generation by generation, each cell coloured on a scale that
//! spreads both the strong opponents' rates and the sample AIs' near 100 %,
//! with its number written in it when the cells are wide enough; and the
//! scale itself beside it.

use super::{Area, LABELS, RunPlot, fitting, whole, width};
use crate::edge::plot::viridis;
use anyhow::Result;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

const HEAT: &str = "best genome's win rate per opponent";

/// A heat map cell's number: its win rate in whole per cent, and whether
/// it is written light (on the scale's dark lower colours).
pub(super) fn cell_label(win: f64) -> (String, bool) {
    (format!("{:.0}", 100.0 * win), win_scale(win) < 0.45)
}

/// The narrowest heat map cell, in pixels, that gets its number.
const CELL_NUMBER: u32 = 22;

/// Where a win rate sits on the heat map's colour scale (0..=1): linear
/// up to 90 % (the lower `LINEAR` of the scale: strong opponents, 28 %
/// against 50 % against 65 %, in clearly different colours), then by the
/// logarithm of the loss rate up to 99.9 % (sample AIs: 99 % and 99.9 %
/// apart as much as 90 % and 99 %).
pub(super) fn win_scale(win: f64) -> f64 {
    const LINEAR: f64 = 0.6;
    let w = win.clamp(0.0, 0.999);
    if w <= 0.9 {
        LINEAR * w / 0.9
    } else {
        LINEAR + (1.0 - LINEAR) * (-1.0 - (1.0 - w).log10()) / 2.0
    }
}

pub(super) fn heat_panel(p: &RunPlot, area: &Area) -> Result<()> {
    let mut order: Vec<usize> = (0..p.names.len()).collect();
    order.sort_by(|&a, &b| p.mean_rate(b).total_cmp(&p.mean_rate(a)));
    let n = order.len().max(1) as i32;
    let labels = p.labels();
    let name_at = |y: i32| {
        order
            .get(y as usize)
            .map_or(String::new(), |&k| labels[k].clone())
    };
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(y) => name_at(*y),
        _ => String::new(),
    };
    let mut h = ChartBuilder::on(area)
        .caption(HEAT, ("sans-serif", fitting(HEAT, width(area), 16)))
        .margin(10)
        .x_label_area_size(34)
        .y_label_area_size(p.y_area())
        .build_cartesian_2d(p.x_axis(), (0..n - 1).into_segmented())?;
    h.configure_mesh()
        .disable_mesh()
        .x_desc("generation")
        .x_label_formatter(&whole)
        .y_labels(n as usize)
        .y_label_formatter(&label)
        .label_style(LABELS)
        .axis_desc_style(LABELS)
        .draw()?;
    // Each cell's win rate written in it when the cells are wide enough.
    let cells = p.rows.len().max(1) as u32;
    let numbers = h.plotting_area().dim_in_pixel().0 / cells >= CELL_NUMBER;
    for (row, &k) in order.iter().enumerate() {
        for (g, x) in p.rates(k) {
            let y = row as i32;
            let cell = [
                (g - 0.5, SegmentValue::Exact(y)),
                (g + 0.5, SegmentValue::Exact(y + 1)),
            ];
            let colour = viridis(win_scale(x));
            h.draw_series(std::iter::once(Rectangle::new(cell, colour.filled())))?;
            if numbers {
                let (text, light) = cell_label(x);
                let ink = if light { WHITE } else { BLACK };
                let font = ("sans-serif", 11)
                    .into_font()
                    .color(&ink)
                    .pos(Pos::new(HPos::Center, VPos::Center));
                let at = (g, SegmentValue::CenterOf(y));
                h.draw_series(std::iter::once(Text::new(text, at, font)))?;
            }
        }
    }
    Ok(())
}

/// The heat map's colour scale, labelled in win rates.
pub(super) fn colour_scale(area: &Area) -> Result<()> {
    let mut bar = ChartBuilder::on(area)
        .margin_top(40)
        .margin_bottom(44)
        .margin_left(10)
        .build_cartesian_2d(0.0..4.0, 0.0..1.0)?;
    let steps = 60;
    for i in 0..steps {
        let (a, b) = (i as f64 / steps as f64, (i + 1) as f64 / steps as f64);
        let cell = [(0.0, a), (0.8, b)];
        bar.draw_series(std::iter::once(Rectangle::new(
            cell,
            viridis((a + b) / 2.0).filled(),
        )))?;
    }
    // Labels at least 16 pixels apart (a short picture drops some).
    let bar_px = f64::from(area.dim_in_pixel().1.saturating_sub(84));
    let mut last: Option<f64> = None;
    for win in [0.999, 0.99, 0.9, 0.75, 0.5, 0.25, 0.0] {
        let at = win_scale(win);
        if last.is_some_and(|l| (l - at) * bar_px < 16.0) {
            continue;
        }
        last = Some(at);
        let text = format!("{}%", 100.0 * win);
        let font = ("sans-serif", 13).into_font().color(&BLACK);
        bar.draw_series(std::iter::once(Text::new(
            text,
            (0.95, win_scale(win)),
            font,
        )))?;
    }
    Ok(())
}
