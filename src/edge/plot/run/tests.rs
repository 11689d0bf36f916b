//! The run plot's tests: labels, scales, fonts and ticks.
use super::heat::{cell_label, win_scale};
use super::*;

#[test]
fn a_champion_the_run_played_otherwise_is_labelled_so() {
    // lab/runs/fast-model-ga ran without rollouts against the rollouts
    // champion (500 futures a decision).
    let dir = RunDir(std::path::PathBuf::from("lab/runs/fast-model-ga"));
    let v = dir.load_validation().unwrap().unwrap();
    assert_eq!(played_as(0, &v).as_deref(), Some(" by tables,"));
    assert_eq!(played_as(100, &v).as_deref(), Some(" at 100 futures,"));
    assert_eq!(played_as(500, &v), None);
    let champion = |by: &str| levels(&v, by)[0].0.clone();
    assert_eq!(
        champion(" by tables,"),
        "champion by tables, fresh dice: 0.6061"
    );
    assert_eq!(champion(""), "champion on fresh dice: 0.6061");
}

#[test]
fn the_win_scale_spreads_rates_near_one_and_below_a_half() {
    assert_eq!(win_scale(0.0), 0.0);
    assert!((win_scale(1.0) - 1.0).abs() < 1e-12);
    let steps: Vec<f64> = [0.28, 0.5, 0.65, 0.9, 0.99, 0.999].map(win_scale).to_vec();
    assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
    // 28 %, 50 % and 65 % a tenth of the scale apart or more (28 % had
    // 50 %'s colour before), and 90 → 99 % moves the colour as much as
    // 99 → 99.9 %.
    assert!(
        steps[1] - steps[0] > 0.1 && steps[2] - steps[1] > 0.09,
        "{steps:?}"
    );
    assert!(((steps[4] - steps[3]) - (steps[5] - steps[4])).abs() < 1e-9);
}

#[test]
fn small_diversities_get_the_decimals_that_tell_their_ticks_apart() {
    // Three ticks up to 0.00115 read 0.0000, 0.0006, 0.0011 (were
    // 0.000, 0.001, 0.001).
    assert_eq!(decimals(0.00115), 4);
    assert_eq!(decimals(0.06), 3);
    let ticks: Vec<String> = [0.0, 0.000_575, 0.001_15]
        .iter()
        .map(|y| format!("{y:.*}", decimals(0.001_15)))
        .collect();
    assert!(ticks.windows(2).all(|w| w[0] != w[1]), "{ticks:?}");
}

#[test]
fn a_long_verdict_is_wrapped_at_the_titles_size_never_shrunk() {
    let verdict = "work-ga: winner installed — training suite: not worse by more than 0.0025 \
                   (within the search budget), held out: not worse against every opponent";
    // 1200 px less margins: 1172 / (0.55 × 18) = 118 characters a line.
    let lines = banner_lines(verdict, 1172);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.chars().count() <= 118), "{lines:?}");
    assert_eq!(banner_height(lines.len()), 58);
    assert_eq!(banner_lines("short: not validated yet", 1172).len(), 1);
    assert_eq!(banner_height(1), BANNER);
    // As large as the largest title (the fitness panel's).
    assert_eq!(TITLE, 18);
}

#[test]
fn the_levels_names_have_room_after_the_last_generation() {
    // "champion" at 13 px, 6 px from the end: about 63 px; the fitness
    // panel of a 1200 px picture is about 770 px wide.
    for last in [0, 9, 39, 199] {
        let (start, end) = (-0.5, axis_end(last));
        let free = (end - f64::from(last) - 0.1) / (end - start) * 770.0;
        assert!(free >= 70.0, "{last}: {free:.0} px");
    }
    assert_eq!(axis_end(9), 10.5);
}

#[test]
fn a_long_line_gets_a_font_that_fits() {
    let line = "x".repeat(100);
    assert_eq!(fitting(&line, 2000, 17), 17);
    // 100 characters in 775 pixels: 14 (0.55 × 14 × 100 = 770).
    assert_eq!(fitting(&line, 775, 17), 14);
    assert_eq!(fitting(&line, 10, 17), 9);
}

#[test]
fn ticks_are_on_whole_generations_and_few() {
    assert_eq!(generation_ticks(2), vec![0.0, 1.0, 2.0]);
    assert_eq!(generation_ticks(11).len(), 12);
    let many = generation_ticks(40);
    assert_eq!(many[1], 5.0);
    assert!(many.len() <= 12 && many.iter().all(|t| t.fract() == 0.0));
    assert!(generation_ticks(5000).len() <= 12);
}

#[test]
fn opponents_are_labelled_whole_and_short() {
    let names = [
        "hall/win-probability",
        "dp",
        "hall/strength-4",
        "more/strength-4",
    ];
    let plot = RunPlot {
        title: "t".into(),
        fitness: Fitness::default(),
        resumed_at: Vec::new(),
        names: names.map(String::from).to_vec(),
        rows: Vec::new(),
        validation: None,
        old_validation: false,
        champion_as: None,
        budget: false,
    };
    // The file stem, unless two opponents share it.
    let want = [
        "win-probability",
        "dp",
        "hall/strength-4",
        "more/strength-4",
    ];
    assert_eq!(plot.labels(), want);
    // Many opponents make the picture taller, never the rows thinner.
    assert_eq!(plot.height(900), 900);
    // A long name widens the labels' area rather than being cut.
    let short = plot.y_area();
    let mut long = plot;
    long.names.push("x".repeat(40));
    assert!(short >= Y_AREA && long.y_area() >= 40 * 7, "{short}");
    let mut many = long;
    many.names = (0..40).map(|i| format!("opponent-{i}")).collect();
    assert!(many.height(900) >= 40 * ROW + 100 + BANNER + 520);
}

#[test]
fn tick_labels_are_whole_generations() {
    assert_eq!(whole(&3.0), "3");
    assert_eq!(whole(&2.5), "");
    assert_eq!(whole(&-0.5), "");
}

#[test]
fn close_levels_get_their_names_on_either_side_and_far_ones_above() {
    // Far apart: each name just above its own line.
    assert_eq!(label_offsets(&[100, 200]), vec![-9, -9]);
    // 5 px apart: the upper line's name above, the lower one's below, at
    // least a name's height apart, whichever is drawn first.
    for px in [[100, 105], [105, 100], [100, 100]] {
        let off = label_offsets(&px);
        let at: Vec<i32> = px.iter().zip(&off).map(|(y, d)| y + d).collect();
        assert!((at[0] - at[1]).abs() >= LABEL_GAP, "{px:?} {off:?}");
    }
    assert_eq!(label_offsets(&[100, 105]), vec![-9, 9]);
}

#[test]
fn heat_map_cells_read_in_whole_per_cent_light_on_the_dark_colours() {
    assert_eq!(cell_label(0.5612), ("56".to_string(), true));
    assert_eq!(cell_label(0.999), ("100".to_string(), false));
    assert_eq!(cell_label(0.05), ("5".to_string(), true));
}
