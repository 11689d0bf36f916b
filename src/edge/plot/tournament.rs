//! A tournament's picture: the settings in its title, ratings with their
//! 95 % intervals drawn and written as numbers (left), and the cross table
//! as a heat map with each cell's score in % (right), both in leaderboard
//! order, best at the top.

use super::{register, viridis, write_png};
use crate::host::tournament::{Standing, Table};
use anyhow::{Context, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

type Area<'a> = DrawingArea<BitMapBackend<'a>, Shift>;

/// Tournament picture, written whole to `out` (or not at all): ratings
/// with 95 % error bars (left) and the cross table as a heat map with each
/// cell's score in % (right; viridis, dark 0 … yellow 100), both in
/// leaderboard order, best at the top.
pub fn tournament_png(t: &Table, title: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    write_png(out, |tmp| draw(t, title, tmp, size))
}

fn draw(t: &Table, title: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 19))?;
    let (left, right) = root.split_horizontally(size.0 * 2 / 5);
    ratings(t, &left)?;
    cross_table(t, &right)?;
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// The y-axis label of segment y: row k of the leaderboard is drawn at
/// y = n - 1 - k (best on top).
fn row_label(rows: &[Standing]) -> impl Fn(&SegmentValue<i32>) -> String + '_ {
    let n = rows.len() as i32;
    move |v| match v {
        SegmentValue::CenterOf(y) => rows
            .get((n - 1 - y) as usize)
            .map_or(String::new(), |r| crate::text::truncate(&r.name, 16)),
        _ => String::new(),
    }
}

/// Each entrant's rating with its 95 % interval, as a bar and as numbers.
fn ratings(t: &Table, left: &Area) -> Result<()> {
    let rows = &t.standings;
    let n = rows.len() as i32;
    // Rows at y = n - 1 - k (see `row_label`). A
    // segmented 0..last has one segment per value 0..=last.
    let last = n - 1;
    let label = row_label(rows);
    let bar = Standing::rating_ci95;
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
    let mut c = ChartBuilder::on(left)
        .caption("rating (Bradley–Terry), 95% interval", ("sans-serif", 16))
        .margin(10)
        .margin_right(110)
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
        let figure = format!("{:.0} ± {:.0}", r.rating, e);
        let font = ("sans-serif", 13)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let at = (r.rating + e + 0.025 * (hi - lo), y());
        c.draw_series(std::iter::once(Text::new(figure, at, font)))?;
    }
    Ok(())
}

/// Row's score against column, a cell each, with the figure in it.
fn cross_table(t: &Table, right: &Area) -> Result<()> {
    let rows = &t.standings;
    let n = rows.len() as i32;
    let last = n - 1;
    let label = row_label(rows);
    let index: Vec<usize> = rows
        .iter()
        .map(|r| t.names.iter().position(|x| *x == r.name).unwrap_or(0))
        .collect();
    let mut h = ChartBuilder::on(right)
        .caption(
            "row's score against column, % (dark 0 … yellow 100)",
            ("sans-serif", 16),
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
    Ok(())
}
