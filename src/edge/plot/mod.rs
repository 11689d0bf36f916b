//! Plots (PNG, plotters): a run's fitness, diversity and per-opponent win
//! rates (`run`), several runs' fitness on one picture (`compare`), a
//! tournament's ratings and cross table (`tournament`), evaluations'
//! paired differences against x (`curve`), one judged
//! game's chances, luck and costs (`game`), and a fitted leaf's calibration
//! (`calibration`). Colours are
//! colour-blind safe (Okabe–Ito lines, a viridis scale); the font ships in
//! the binary, so no system package is needed. Every PNG is written whole
//! or not at all.

pub mod calibration;
mod compare;
mod curve;
pub mod game;
mod optbench;
mod run;
mod tournament;

pub use compare::compare_png;
pub use curve::curve_png;
pub use optbench::optbench_png;
pub use run::plot_run;
pub use tournament::tournament_png;

use anyhow::{Context, Result};
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use std::path::{Path, PathBuf};
use std::sync::Once;

/// A proportional font: plotters' glyph placement ignores side bearings,
/// which leaves gaps after narrow glyphs in a monospaced one ("0. 95").
const FONT: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");

/// The legend's width in pixels (a picture's right strip).
const LEGEND: u32 = 300;

/// Where a picture `width` pixels wide splits into its plot and its
/// legend: the legend takes [`LEGEND`] pixels, at most a third of it, so a
/// narrow picture keeps a plot.
fn legend_split(width: u32) -> u32 {
    width - LEGEND.min(width / 3)
}

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and known to parse.
        let _ = register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// Okabe–Ito colours, distinguishable with the common colour blindnesses.
const BLUE_OI: RGBColor = RGBColor(0, 114, 178);
const GREEN_OI: RGBColor = RGBColor(0, 158, 115);
const VERMILLION_OI: RGBColor = RGBColor(213, 94, 0);
const PURPLE_OI: RGBColor = RGBColor(204, 121, 167);
const ORANGE_OI: RGBColor = RGBColor(230, 159, 0);
const SKY_OI: RGBColor = RGBColor(86, 180, 233);

/// Line colours for many series (Okabe–Ito; yellow left out, too faint on
/// white). More series than colours repeat them.
const LINE_COLOURS: [RGBColor; 7] = [
    BLUE_OI,
    VERMILLION_OI,
    GREEN_OI,
    PURPLE_OI,
    ORANGE_OI,
    SKY_OI,
    BLACK,
];

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

/// A y range that fits `values` with a little room: at least `least` wide,
/// clamped to `bounds`.
fn fit(values: impl Iterator<Item = f64>, least: f64, bounds: (f64, f64)) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    if lo > hi {
        return bounds;
    }
    let pad = ((hi - lo) * 0.08).max((least - (hi - lo)).max(0.0) / 2.0);
    ((lo - pad).max(bounds.0), (hi + pad).min(bounds.1))
}

/// A legend entry drawn in a side strip: a line sample and its text, at
/// row `row` (so legends never cover data).
fn legend_entry<DB: DrawingBackend>(
    strip: &DrawingArea<DB, plotters::coord::Shift>,
    row: i32,
    style: ShapeStyle,
    text: &str,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let y = 14 + 18 * row;
    strip.draw(&PathElement::new(vec![(4, y), (26, y)], style))?;
    let font = ("sans-serif", 13)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    strip.draw(&Text::new(text.to_string(), (32, y), font))?;
    Ok(())
}

/// Draws with `draw` into a temporary PNG beside `out`, then renames it
/// onto `out` (or removes it): the picture is complete or absent.
fn write_png(out: &Path, draw: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    crate::edge::out::folder_takes_files(out)?;
    let tmp = png_beside(out);
    let done = draw(&tmp).and_then(|()| {
        std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))
    });
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_range_holds_the_data_with_room_and_never_leaves_its_bounds() {
        let (lo, hi) = fit([0.64, 0.66, 0.65].into_iter(), 0.01, (0.0, 1.0));
        assert!(
            lo < 0.64 && lo > 0.63 && hi > 0.66 && hi < 0.67,
            "{lo} {hi}"
        );
        let (lo, hi) = fit([0.5, 0.5].into_iter(), 0.02, (0.0, 1.0));
        assert!((lo - 0.49).abs() < 1e-9 && (hi - 0.51).abs() < 1e-9);
        assert_eq!(fit([0.0, 1.0].into_iter(), 0.01, (0.0, 1.0)), (0.0, 1.0));
        assert_eq!(fit(std::iter::empty(), 0.01, (0.0, 1.0)), (0.0, 1.0));
    }

    #[test]
    fn the_legend_takes_its_width_but_never_more_than_a_third() {
        assert_eq!(legend_split(1200), 900, "the default picture");
        assert_eq!(legend_split(600), 400);
        assert_eq!(legend_split(300), 200, "the narrowest keeps a plot");
    }

    #[test]
    fn the_colours_run_dark_to_light() {
        assert_eq!(viridis(0.0), RGBColor(68, 1, 84));
        assert_eq!(viridis(1.0), RGBColor(253, 231, 37));
    }
}
