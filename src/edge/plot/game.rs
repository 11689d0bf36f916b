//! One judged game's picture (`tuner analyse --plot`): player 1's chance of
//! winning before each round's roll as the model puts it, the result at the
//! end (top), and each round's luck and decision costs as bars (bottom),
//! the lucky rolls and the costly decisions named on the line. Round r's
//! luck and decisions move the line from its point r to r + 1, and their
//! bars stand between the two.

use super::{BLUE_OI, GREEN_OI, VERMILLION_OI, register, write_png};
use crate::host::analysis::GameJudged;
use crate::host::luck::DecisionKind;
use anyhow::{Context, Result};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;
use yacht_core::rules::ROUNDS;

/// A roll's luck (win probability) named on the line from this size on.
const LUCKY: f64 = 0.05;
/// A decision's cost named on the line from this size on.
const COSTLY: f64 = 0.02;

/// The picture of `game` between players `names`, written whole to `out`.
pub fn game_png(
    game: &GameJudged,
    names: [&str; 2],
    title: &str,
    out: &Path,
    size: (u32, u32),
) -> Result<()> {
    write_png(out, |tmp| draw(game, names, title, tmp, size))
}

/// Per round (1–13): player 1's luck and what each player's decisions
/// cost it, in win probability.
struct Rounds {
    luck: Vec<f64>,
    cost: [Vec<f64>; 2],
}

fn rounds(g: &GameJudged) -> Rounds {
    let cost = |p: usize, r| {
        DecisionKind::ALL
            .iter()
            .map(|&k| g.cost(p, k, Some(r)))
            .sum()
    };
    Rounds {
        luck: (0..=ROUNDS).map(|r| g.luck(0, r)).collect(),
        cost: [0, 1].map(|p| (0..=ROUNDS).map(|r| cost(p, r)).collect()),
    }
}

/// Player 1's chance before each roll (rounds 1–12) and its outcome after
/// round 13.
fn chances(g: &GameJudged) -> Vec<(f64, f64)> {
    let mut line: Vec<(f64, f64)> = (1..ROUNDS)
        .filter_map(|r| g.chance(r).map(|p| (r as f64, p)))
        .collect();
    if g.complete {
        line.push((ROUNDS as f64 + 0.5, g.outcome));
    }
    line
}

fn draw(g: &GameJudged, names: [&str; 2], title: &str, out: &Path, size: (u32, u32)) -> Result<()> {
    register();
    let root = BitMapBackend::new(out, size).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 18))?;
    let (top, bottom) = root.split_vertically(size.1 * 11 / 20);
    let rounds = rounds(g);
    chances_panel(g, names, &rounds, &top)?;
    bars_panel(names, &rounds, &bottom)?;
    root.present()
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, plotters::coord::Shift>;

/// The rounds' span on the x axis: round r from r to r + 1, the end after 13.
fn x_span() -> std::ops::Range<f64> {
    0.5..ROUNDS as f64 + 1.0
}

/// Player 1's chance, the lucky rolls and costly decisions named.
fn chances_panel(g: &GameJudged, names: [&str; 2], rounds: &Rounds, top: &Area) -> Result<()> {
    let x = x_span();
    let mut c = ChartBuilder::on(top)
        .caption(
            format!(
                "{}'s chance of winning before each roll; the result at the end",
                names[0]
            ),
            ("sans-serif", 15),
        )
        .margin(10)
        .x_label_area_size(38)
        .y_label_area_size(55)
        .build_cartesian_2d(x.clone(), 0.0..1.0)?;
    c.configure_mesh()
        .x_labels(ROUNDS)
        .x_desc("round (the result after 13)")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_labels(5)
        .y_desc("P(win)")
        .y_label_formatter(&|v| format!("{:.0}%", 100.0 * v))
        .draw()?;
    let line = chances(g);
    c.draw_series(LineSeries::new(line.clone(), BLUE_OI.stroke_width(2)))?
        .label(format!("{}'s chance", crate::text::truncate(names[0], 24)))
        .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], BLUE_OI.stroke_width(2)));
    legend(&mut c, names)?;
    c.draw_series(line.iter().map(|&p| Circle::new(p, 4, BLUE_OI.filled())))?;
    let font = |colour: RGBColor| {
        ("sans-serif", 12)
            .into_font()
            .color(&colour)
            .pos(Pos::new(HPos::Center, VPos::Bottom))
    };
    for r in 1..ROUNDS {
        let Some(y) = g.chance(r) else {
            continue;
        };
        let mut notes = Vec::new();
        if rounds.luck[r].abs() >= LUCKY {
            notes.push((format!("luck {:+.0}", 100.0 * rounds.luck[r]), BLUE_OI));
        }
        // Whose decision it was, the colour says (the legend names it).
        for (p, colour) in [VERMILLION_OI, GREEN_OI].into_iter().enumerate() {
            if rounds.cost[p][r] >= COSTLY {
                let kinds = kinds_of(g, p, r);
                notes.push((
                    format!("{kinds} cost {:+.0}", 100.0 * rounds.cost[p][r]),
                    colour,
                ));
            }
        }
        // Stacked above the point, or below it near the top edge.
        let below = y + 0.06 + 0.07 * notes.len() as f64 > 0.97;
        for (k, (text, colour)) in notes.into_iter().enumerate() {
            let step = 0.06 + 0.07 * k as f64;
            let at = (
                r as f64 + 0.5,
                if below { y - step - 0.03 } else { y + step },
            );
            c.draw_series(std::iter::once(Text::new(text, at, font(colour))))?;
        }
    }
    Ok(())
}

/// The chances panel's legend: its line, then what each label's colour
/// means.
fn legend<'a, DB>(
    c: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    names: [&str; 2],
) -> Result<()>
where
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
{
    let notes = [
        ("luck of the roll (points of %)".to_string(), BLUE_OI),
        (
            format!("{}'s decisions' cost", crate::text::truncate(names[0], 24)),
            VERMILLION_OI,
        ),
        (
            format!("{}'s decisions' cost", crate::text::truncate(names[1], 24)),
            GREEN_OI,
        ),
    ];
    for (text, colour) in notes {
        c.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label(text)
            .legend(move |(x, y)| {
                Rectangle::new([(x + 4, y - 4), (x + 12, y + 4)], colour.filled())
            });
    }
    c.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 12))
        .draw()?;
    Ok(())
}

/// Each round's luck and both players' costs as bars.
fn bars_panel(names: [&str; 2], rounds: &Rounds, bottom: &Area) -> Result<()> {
    let x = x_span();
    let spread = rounds
        .luck
        .iter()
        .chain(rounds.cost.iter().flatten())
        .fold(0.05f64, |m, v| m.max(v.abs()))
        * 1.1;
    let mut b = ChartBuilder::on(bottom)
        .caption(
            format!(
                "each round: {}'s luck (blue), what {}'s and {}'s decisions cost them (orange, green)",
                names[0], names[0], names[1]
            ),
            ("sans-serif", 14),
        )
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(45)
        .build_cartesian_2d(x, -spread..spread)?;
    b.configure_mesh()
        .x_labels(ROUNDS)
        .x_desc("round")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| match (100.0 * v).round() {
            0.0 => "0".into(),
            x => format!("{x:+.0}"),
        })
        .y_desc("points of %")
        .draw()?;
    let bars = [
        (&rounds.luck, BLUE_OI, 0.2),
        (&rounds.cost[0], VERMILLION_OI, 0.4),
        (&rounds.cost[1], GREEN_OI, 0.6),
    ];
    for (values, colour, offset) in bars {
        b.draw_series((1..=ROUNDS).map(|r| {
            let x0 = r as f64 + offset;
            Rectangle::new([(x0, 0.0), (x0 + 0.18, values[r])], colour.filled())
        }))?;
    }
    Ok(())
}

/// The kinds of player `p`'s decisions that cost something in round `r`
/// ("bid", "put" or "bid+put").
fn kinds_of(g: &GameJudged, p: usize, r: usize) -> String {
    let seat = g.seat(p);
    let costly = |k: DecisionKind| {
        let each = g.judged.decisions().iter();
        each.filter(|d| d.seat == seat && d.round == r && d.kind == k)
            .any(|d| d.cost > 0.0)
    };
    let kinds: Vec<&str> = DecisionKind::ALL
        .into_iter()
        .filter(|&k| costly(k))
        .map(DecisionKind::name)
        .collect();
    kinds.join("+")
}
