//! Several runs' fitness curves on one picture (`tuner runs --compare`):
//! each run's best (solid) and mean (dashed) per generation in its own
//! colour, its suite and validated winner in the legend on the right, in
//! lines that fit it (runs on different suites measure different things:
//! the legend says so).

use super::{LINE_COLOURS, fit, legend_entry, register, write_png};
use crate::text::truncate;
use crate::tune::run::RunDir;
use crate::tune::run::generations::GenerationRow;
use anyhow::{Result, bail};
use plotters::prelude::*;
use std::path::Path;

/// One run's curves and legend text.
struct Curve {
    /// The run's name, its suite, its winner's fitness on validation dice.
    label: [String; 3],
    suite: String,
    rows: Vec<GenerationRow>,
}

/// Characters of 13 px text a legend line holds (after its line sample).
const LEGEND_CHARS: usize = 36;

/// The legend's lines, each with the curve whose colour it shows (its
/// first line) or none: a run's name, then its suite and validated winner
/// indented, each cut to fit; below, when the runs' suites differ, a note
/// that their figures are not comparable.
fn legend_lines(curves: &[Curve]) -> Vec<(Option<usize>, String)> {
    let mut lines = Vec::new();
    for (i, c) in curves.iter().enumerate() {
        for (k, text) in c.label.iter().filter(|t| !t.is_empty()).enumerate() {
            let text = match k {
                0 => truncate(text, LEGEND_CHARS),
                _ => format!("  {}", truncate(text, LEGEND_CHARS - 2)),
            };
            lines.push(((k == 0).then_some(i), text));
        }
    }
    let suites: std::collections::BTreeSet<&str> = curves.iter().map(|c| &*c.suite).collect();
    if suites.len() > 1 {
        lines.push((None, String::new()));
        let note = "note: these runs were trained on different suites, so their fitness \
                    figures are not comparable";
        let wrapped = crate::text::wrap(note, LEGEND_CHARS, "");
        lines.extend(wrapped.lines().map(|l| (None, l.to_string())));
    }
    lines
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
            Some(v) => format!("winner {:.4} on validation dice", v.winner.fitness),
            None => String::new(),
        };
        let suite = match cfg.suite_file.is_empty() {
            true => format!("{} opponents", cfg.suite.len()),
            false => cfg.suite_file.clone(),
        };
        curves.push(Curve {
            label: [cfg.name.clone(), format!("suite {suite}"), validated],
            suite,
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
    let (main, side) = root.split_horizontally(super::legend_split(size.0));
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
    }
    for (row, (curve, text)) in legend_lines(curves).into_iter().enumerate() {
        let row = row as i32 + 2;
        match curve {
            Some(i) => {
                let colour = LINE_COLOURS[i % LINE_COLOURS.len()];
                legend_entry(&side, row, colour.stroke_width(2), &text)?;
            }
            None => legend_entry(&side, row, WHITE.stroke_width(0), &text)?,
        }
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(name: &str, suite: &str) -> Curve {
        Curve {
            label: [
                name.into(),
                format!("suite {suite}"),
                "winner 0.6229 on validation dice".into(),
            ],
            suite: suite.into(),
            rows: Vec::new(),
        }
    }

    #[test]
    fn the_legend_fits_its_strip_and_notes_runs_of_different_suites() {
        let one = [
            curve("work-ga", "params/suite-mirror.toml"),
            curve(
                "a-run-with-a-very-long-name-indeed-0123456789",
                "params/suite-mirror.toml",
            ),
        ];
        let lines = legend_lines(&one);
        let texts: Vec<&str> = lines.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            texts,
            [
                "work-ga",
                "  suite params/suite-mirror.toml",
                "  winner 0.6229 on validation dice",
                "a-run-with-a-very-long-name-indeed-…",
                "  suite params/suite-mirror.toml",
                "  winner 0.6229 on validation dice",
            ]
        );
        assert_eq!(lines[0].0, Some(0));
        assert_eq!(lines[3].0, Some(1));
        // 13 px text, about 7.2 px a character, after a 32 px sample.
        assert!(
            texts
                .iter()
                .all(|t| 32.0 + 7.2 * t.chars().count() as f64 <= 300.0)
        );
        let mixed = [
            curve("a", "params/suite.toml"),
            curve("b", "params/suite-mirror.toml"),
        ];
        let lines = legend_lines(&mixed);
        let words: Vec<&str> = lines.iter().map(|(_, t)| t.as_str()).collect();
        assert!(
            words
                .join(" ")
                .contains("trained on different suites, so their fitness figures are"),
            "{words:?}"
        );
        assert!(words.iter().all(|t| t.chars().count() <= LEGEND_CHARS));
    }
}
