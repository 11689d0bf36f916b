//! `tuner analyse`: a match between two players split per player into luck
//! (the dice and the tie coin) and skill (what each put and bid cost
//! against the judge's own choice: by default the chance to win by the
//! tables' win model, which measures the luck too; or the exact value
//! model, or rollouts), per game and in total, by round and by kind of
//! decision, with the costliest decisions; a JSON summary and a picture of
//! one game.

use crate::edge::ctrl_c::exit_if_stopped;
use crate::edge::out::{outputs_go_to_folders, write_out};
use crate::edge::plot::game::game_png;
use crate::edge::progress::Counter;
use crate::files::write_atomic;
use crate::host::analysis::{Analysis, GameJudged, Judge, Mean, Side, judge_all};
use crate::host::arena::{DealSource, MatchSettings, run_match};
use crate::host::player::{Player, check_programs};
use crate::host::program::Limits;
use crate::players::values::exact_table;
use crate::text::{Align, Column, table};
use anyhow::{Context, Result, bail};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// Player 1: a command line (split like a shell, never run by one) or
    /// builtin:SPEC (a built-in, a genome file: builtin:genome:FILE).
    #[arg(long)]
    p1: String,
    /// Player 2, as --p1.
    #[arg(long)]
    p2: String,
    /// Number of games (seeded deal pairs, seats swapped in the second).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 10)]
    worst: usize,
    /// Write the analysis as JSON here (means, by round, the costliest
    /// decisions, every game's figures).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Draw one game's win probability round by round here (PNG): the
    /// lucky rolls and the costly decisions marked.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// The game --plot draws (from 1); by default the one whose decisions
    /// moved the chance most.
    #[arg(long, requires = "plot")]
    game: Option<u64>,
    /// What prices each decision: win (the chance to win by the tables'
    /// win model, which measures the luck too, so that the two add up to
    /// the outcome), value (the exact value model's own choice, in points
    /// turned into P(win); blind to play for the win) or rollouts (a
    /// reference deciding by --futures rollouts, judged on as many other
    /// futures; about 1.3 s a game on one thread at 200).
    #[arg(long, value_enum, default_value_t = JudgeArg::Win)]
    judge: JudgeArg,
    /// Rollouts a decision for --judge rollouts.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(50..=4000))]
    futures: u32,
    /// Games played (and judged) at once. Results do not depend on it.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum JudgeArg {
    Win,
    Value,
    Rollouts,
}

/// Runs `tuner analyse`.
pub fn run(a: AnalyseArgs) -> Result<()> {
    outputs_go_to_folders([&a.json, &a.plot])?;
    if let Some(game) = a.game
        && game > a.games
    {
        bail!("--game {game} is beyond the {} games played", a.games);
    }
    let p1 = Player::parse(&a.p1).context("--p1")?;
    let p2 = Player::parse(&a.p2).context("--p2")?;
    let limits = Limits::default();
    check_programs([&p1, &p2], limits)?;
    let settings = MatchSettings {
        source: DealSource::Seeded(a.seed),
        games: a.games,
        seed: a.seed,
        limits,
        jobs: a.jobs as usize,
    };
    if !a.quiet {
        eprintln!("the exact value table, the luck's model (solved on first use, then cached) …");
    }
    let _ = exact_table();
    let judge = match a.judge {
        JudgeArg::Win => Judge::Win,
        JudgeArg::Value => Judge::Value,
        JudgeArg::Rollouts => Judge::Rollouts(a.futures),
    };
    let bar = Counter::new("play", "games", a.games, a.quiet);
    let mut played = Vec::new();
    let summary = run_match(&p1, &p2, &settings, |k, game| {
        bar.inc();
        played.push((k + 1, game.clone()));
    });
    bar.finish();
    let bar = Counter::new("judge", "games", played.len() as u64, a.quiet);
    let judged = judge_all(&played, judge, a.jobs as usize, &|| bar.inc());
    bar.finish();
    let names = names_apart([p1.name(), p2.name()]);
    let analysis = Analysis::of([&names[0], &names[1]], &judged, a.worst, judge);
    let mut wrote = Vec::new();
    if let Some(path) = &a.json {
        write_atomic(path, serde_json::to_string_pretty(&analysis)?.as_bytes())?;
        wrote.push(format!("wrote {}", path.display()));
    }
    if let Some(path) = &a.plot
        && let Some(game) = pictured(&judged, a.game)
    {
        let title = format!(
            "{} against {}: game {} (deal {}, seed {})",
            names[0],
            names[1],
            game.game,
            game.deal(),
            a.seed
        );
        game_png(game, [&names[0], &names[1]], &title, path, (1000, 560))?;
        wrote.push(match a.game {
            Some(_) => format!("the picture: game {}", game.game),
            None => format!(
                "the picture: game {}, whose decisions moved the chance most (--game N: another)",
                game.game
            ),
        });
        wrote.push(format!("wrote {}", path.display()));
    }
    write_out(&summary.render());
    let mut lines = report(&analysis, a.seed);
    if !wrote.is_empty() {
        lines.push(String::new());
        lines.extend(wrote);
    }
    write_out(&format!("{}\n", lines.join("\n")));
    exit_if_stopped();
    Ok(())
}

/// The game --plot draws: `game` when given, else the one whose decisions
/// moved the chance most (the first among equals).
fn pictured(judged: &[GameJudged], game: Option<u64>) -> Option<&GameJudged> {
    match game {
        Some(k) => judged.iter().find(|g| g.game == k),
        None => judged.iter().reduce(|best, g| {
            if g.moved_by_decisions() > best.moved_by_decisions() {
                g
            } else {
                best
            }
        }),
    }
}

/// The players' names, told apart by their numbers when they are the same
/// (`dp` against `dp`).
fn names_apart(names: [String; 2]) -> [String; 2] {
    match names[0] == names[1] {
        true => [1, 2].map(|p| format!("{} (p{p})", names[0])),
        false => names,
    }
}

/// Points of % with a sign.
fn pts(x: f64) -> String {
    format!("{:+.2}", 100.0 * x)
}

fn with_se(m: Mean) -> String {
    format!("{} ± {:.2}", pts(m.mean), 100.0 * m.se)
}

/// The analysis as text, within 100 columns.
pub fn report(a: &Analysis, seed: u64) -> Vec<String> {
    let mut out = vec![
        String::new(),
        format!(
            "luck and skill over {} games (seed {}), judged by {}",
            a.games, seed, a.judge
        ),
        "unit: points of % of the chance to win (P(win)) a game, ± one standard error;".into(),
        "player 1's outcome − ½ = its luck + its skill − player 2's skill + what is unexplained;"
            .into(),
        "skill is minus what the player's puts and bids cost against the judge's own".into(),
        "(a bid can cost < 0: it took more from the opponent's bid than the equilibrium would)"
            .into(),
    ];
    let c = |t, w| Column::new(t, Align::Right, w);
    let columns = [
        Column::new("player", Align::Left, 18),
        c("points", 6),
        c("luck", 14),
        c("puts cost", 14),
        c("bids cost", 14),
        c("skill", 14),
    ];
    let row = |s: &Side| {
        vec![
            s.name.clone(),
            format!("{:.3}", s.points.mean),
            with_se(s.luck),
            with_se(s.put_cost),
            with_se(s.bid_cost),
            with_se(s.skill),
        ]
    };
    out.extend(table(&columns, &a.sides().map(row)));
    out.push(format!(
        "unexplained (player 1's outcome − ½ − luck − skill + player 2's skill): {}",
        with_se(a.rest)
    ));
    out.extend(why(a));
    if a.incomplete > 0 {
        out.push(format!(
            "{} games ended by a fault: judged up to it",
            a.incomplete
        ));
    }
    out.extend(by_round(a));
    out.extend(worst(a));
    out
}

/// What the luck is, and why "unexplained" is large when it is (over 2
/// points of % and 3 standard errors).
fn why(a: &Analysis) -> Vec<String> {
    let mut out = Vec::new();
    if a.judged_by == "win" {
        out.push(
            "luck: what the rolls and tie coins moved the win model's chance; by the exact table"
                .into(),
        );
        out.push(format!(
            "(mean 0 whoever plays) {}'s was {}, the rest the model's own drift",
            crate::text::truncate(&a.p1.name, 24),
            with_se(a.p1.dice_luck)
        ));
    }
    let large = a.rest.mean.abs() > 0.02 && a.rest.mean.abs() > 3.0 * a.rest.se;
    if !large {
        return out;
    }
    out.extend(
        match a.judged_by {
            "value" => [
                "unexplained is large: the value judge prices points, not the win; a player that",
                "gives points for the chance to win is charged for it and its edge lands here",
                "(--judge win prices the chance to win)",
            ],
            "rollouts" => [
                "unexplained is large: the rollouts judge prices each decision on its own futures,",
                "the luck is the exact table's, and the two need not add up",
                "(--judge win measures both by one model)",
            ],
            _ => [
                "unexplained is large: games ended by a fault, or the judge's best puts gain much",
                "on the puts by value its bids' futures assume",
                "",
            ],
        }
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(String::from),
    );
    out
}

/// Each round's luck and costs, both players side by side.
fn by_round(a: &Analysis) -> Vec<String> {
    let mut out = vec![
        String::new(),
        "by round (means a game, points of %):".into(),
    ];
    let short = |s: &Side| crate::text::truncate(&s.name, 10);
    let [p, q] = a.sides();
    let titles = [
        "round".to_string(),
        format!("{} luck", short(p)),
        "puts".into(),
        "bids".into(),
        format!("{} luck", short(q)),
        "puts".into(),
        "bids".into(),
    ];
    let columns: Vec<Column> = titles
        .iter()
        .enumerate()
        .map(|(k, t)| Column::new(t, Align::Right, if k == 0 { 5 } else { t.len().max(7) }))
        .collect();
    let rows: Vec<Vec<String>> = (0..p.by_round.len())
        .map(|r| {
            let (x, y) = (&p.by_round[r], &q.by_round[r]);
            vec![
                x.round.to_string(),
                pts(x.luck),
                pts(x.put_cost),
                pts(x.bid_cost),
                pts(y.luck),
                pts(y.put_cost),
                pts(y.bid_cost),
            ]
        })
        .collect();
    out.extend(table(&columns, &rows));
    out
}

/// The costliest decisions, one a line.
fn worst(a: &Analysis) -> Vec<String> {
    let mut out = Vec::new();
    if !a.worst.is_empty() {
        let c = |t, w| Column::new(t, Align::Right, w);
        out.push(String::new());
        out.push(format!("the {} costliest decisions:", a.worst.len()));
        let columns = [
            Column::new("game", Align::Left, 16),
            c("round", 5),
            Column::new("player", Align::Left, 14),
            Column::new("kind", Align::Left, 4),
            c("cost", 7),
            Column::new("made", Align::Left, 24),
            Column::new("the judge's", Align::Left, 0),
        ];
        let rows: Vec<Vec<String>> = a
            .worst
            .iter()
            .map(|d| {
                vec![
                    format!("deal {}, seat {}", d.deal, d.seat),
                    d.round.to_string(),
                    d.player.clone(),
                    d.kind.name().into(),
                    pts(d.cost),
                    d.made.clone(),
                    d.reference.clone(),
                ]
            })
            .collect();
        out.extend(table(&columns, &rows));
    }
    out
}
