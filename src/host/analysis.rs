//! A match's games judged (`tuner analyse`): each game's events through a
//! judging meter (`host::luck`), summed per player into luck (the dice and
//! the tie coin) and skill (what its puts and bids cost against the
//! judge's reference: the exact value model, or rollouts), per game, in
//! total, by round and by kind of decision, with the costliest decisions.
//! Figures are win probability (0.05: five points of %); a player's skill
//! is minus what its decisions cost. By default the luck and the decisions
//! are both priced by the tables' win model (`by_win`), so that a game's
//! outcome less ½ is its luck plus the two skills, to the model's error.

use crate::host::arena::MatchGame;
use crate::host::luck::{DecisionKind, Judged, Meter, by_rollouts, by_win};
use crate::stats::mean_se;
use rayon::prelude::*;
use serde::Serialize;
use yacht_core::rules::{ROUNDS, Seat};

/// What prices each decision (the luck is the meter's either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// The chance to win by the tables' fast win model, which measures
    /// the luck too (`host::luck::by_win`): the default.
    Win,
    /// The exact value model's own choice (`host::luck`'s judge): fast,
    /// blind to play for the win.
    Value,
    /// The reference deciding by this many rollouts, judged on as many
    /// other futures (`host::luck::by_rollouts`).
    Rollouts(u32),
}

impl Judge {
    /// The judge as `--judge` names it.
    pub fn name(self) -> &'static str {
        match self {
            Judge::Win => "win",
            Judge::Value => "value",
            Judge::Rollouts(_) => "rollouts",
        }
    }

    /// The judge in words, for a report's first line.
    pub fn describe(self) -> String {
        match self {
            Judge::Win => "the chance to win (the tables' win model)".into(),
            Judge::Value => "the exact value model".into(),
            Judge::Rollouts(n) => format!("{n} rollouts a decision"),
        }
    }
}

/// Every game of a match (its number from 1, the game) judged by `judge`
/// on `jobs` threads (`tick` after each), in the order given: the same
/// figures on any number of threads.
pub fn judge_all(
    played: &[(u64, MatchGame)],
    judge: Judge,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Vec<GameJudged> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .expect("thread pool");
    pool.install(|| {
        let each = played.par_iter().map(|(k, game)| {
            let judged = GameJudged::of(*k, game, judge);
            tick();
            judged
        });
        each.collect()
    })
}

/// One game, judged, as player 1 and player 2 (not seats) see it.
#[derive(Clone, Debug)]
pub struct GameJudged {
    /// The game's number in the match (from 1).
    pub game: u64,
    pub p1_seat: Seat,
    /// Player 1's outcome: 1, ½ or 0.
    pub outcome: f64,
    /// False when a player's fault ended the game early: its luck and
    /// decisions stop there.
    pub complete: bool,
    pub judged: Judged,
}

impl GameJudged {
    /// Judges one game of a match (game `game`, from 1) by `judge`.
    pub fn of(game: u64, played: &MatchGame, judge: Judge) -> GameJudged {
        let mut meter = Meter::judging();
        for e in &played.events {
            meter.see(e);
        }
        let mut judged = meter.judged().cloned().unwrap_or_default();
        match judge {
            Judge::Win => {
                let p = by_win::price(&played.events);
                judged = judged.with_model(p.luck, p.chance, p.decisions);
            }
            Judge::Rollouts(n) => {
                judged = judged.with_decisions(by_rollouts::price(&played.events, n));
            }
            Judge::Value => {}
        }
        let seat = played.p1_seat;
        GameJudged {
            game,
            p1_seat: seat,
            outcome: played.result.outcome(seat).points(),
            complete: played.result.fault.is_none(),
            judged,
        }
    }

    /// The seat player `p` (0 or 1) sat in.
    pub fn seat(&self, p: usize) -> Seat {
        if p == 0 {
            self.p1_seat
        } else {
            self.p1_seat.other()
        }
    }

    /// Player `p`'s luck in round `round`.
    pub fn luck(&self, p: usize, round: usize) -> f64 {
        let first = self.judged.luck()[round];
        if self.seat(p) == Seat::First {
            first
        } else {
            -first
        }
    }

    /// What player `p`'s decisions of `kind` in `round` (every round: None)
    /// cost it.
    pub fn cost(&self, p: usize, kind: DecisionKind, round: Option<usize>) -> f64 {
        let seat = self.seat(p);
        let each = self.judged.decisions().iter();
        each.filter(|d| d.seat == seat && d.kind == kind && round.is_none_or(|r| d.round == r))
            .map(|d| d.cost)
            .sum()
    }

    /// Player 1's chance of winning before round `round`'s roll, as the
    /// model puts it (None: a round not reached, or round 13).
    pub fn chance(&self, round: usize) -> Option<f64> {
        let first = self.judged.chance()[round]?;
        Some(if self.p1_seat == Seat::First {
            first
        } else {
            1.0 - first
        })
    }

    /// Player `p`'s luck over the game.
    fn total_luck(&self, p: usize) -> f64 {
        (1..=ROUNDS).map(|r| self.luck(p, r)).sum()
    }

    /// Player `p`'s luck over the game by the exact table (mean 0 whoever
    /// plays; the same as [`GameJudged::luck`]'s unless the judge's model
    /// measures that).
    fn dice_luck(&self, p: usize) -> f64 {
        let first: f64 = self.judged.dice_luck().iter().sum();
        if self.seat(p) == Seat::First {
            first
        } else {
            -first
        }
    }

    /// How much the decisions moved the chance: the sum of what each cost
    /// or won, unsigned.
    pub fn moved_by_decisions(&self) -> f64 {
        self.judged.decisions().iter().map(|d| d.cost.abs()).sum()
    }

    /// The deal this game was played on (from 1; a deal is played twice,
    /// the seats swapped).
    pub fn deal(&self) -> u64 {
        self.game.div_ceil(2)
    }
}

/// A mean over games and its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Mean {
    pub mean: f64,
    pub se: f64,
}

impl Mean {
    fn of(x: &[f64]) -> Mean {
        let (mean, se) = mean_se(x);
        Mean { mean, se }
    }
}

/// One round's means a game for one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RoundRow {
    pub round: usize,
    pub luck: f64,
    pub put_cost: f64,
    pub bid_cost: f64,
}

/// One player's figures, means a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Side {
    pub name: String,
    /// Its points a game (1 a win, ½ a draw).
    pub points: Mean,
    pub luck: Mean,
    /// Its luck by the exact table (mean 0 whoever plays); `luck` is the
    /// judge's model's (the same figure for the value and rollouts judges).
    pub dice_luck: Mean,
    pub put_cost: Mean,
    pub bid_cost: Mean,
    /// Minus what its puts and bids cost.
    pub skill: Mean,
    pub by_round: Vec<RoundRow>,
}

/// A costly decision, for the list of the worst.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Costly {
    pub game: u64,
    /// The game's deal (from 1) and the seat (1 or 2) of the player who
    /// decided: a deal's two games told apart.
    pub deal: u64,
    pub seat: usize,
    pub round: usize,
    pub player: String,
    pub kind: DecisionKind,
    pub cost: f64,
    pub made: String,
    pub reference: String,
}

/// One game's figures for both players (in player order).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRow {
    pub game: u64,
    pub p1_seat: String,
    pub p1_points: f64,
    pub luck: [f64; 2],
    pub put_cost: [f64; 2],
    pub bid_cost: [f64; 2],
}

/// A match judged (`--json`).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Analysis {
    pub games: u64,
    /// What priced the decisions (`Judge::describe`).
    pub judge: String,
    /// The judge as `--judge` names it (`win`, `value`, `rollouts`).
    pub judged_by: &'static str,
    /// Games a fault ended early (judged up to the fault).
    pub incomplete: u64,
    pub p1: Side,
    pub p2: Side,
    /// Player 1's outcome less ½, its luck and its skill, plus player 2's
    /// skill, a game: what the model leaves unexplained (about 0).
    pub rest: Mean,
    pub worst: Vec<Costly>,
    pub per_game: Vec<GameRow>,
}

impl Analysis {
    /// The figures of `games` between players named `names`, judged by
    /// `judge`, with the `worst` costliest decisions.
    pub fn of(names: [&str; 2], games: &[GameJudged], worst: usize, judge: Judge) -> Analysis {
        let each = |f: &dyn Fn(&GameJudged) -> f64| games.iter().map(f).collect::<Vec<_>>();
        let side = |p: usize| {
            let cost = |kind| each(&|g| g.cost(p, kind, None));
            let (puts, bids) = (cost(DecisionKind::Put), cost(DecisionKind::Bid));
            let skill: Vec<f64> = puts.iter().zip(&bids).map(|(a, b)| -(a + b)).collect();
            let n = games.len().max(1) as f64;
            let by_round = (1..=ROUNDS)
                .map(|r| RoundRow {
                    round: r,
                    luck: games.iter().map(|g| g.luck(p, r)).sum::<f64>() / n,
                    put_cost: games
                        .iter()
                        .map(|g| g.cost(p, DecisionKind::Put, Some(r)))
                        .sum::<f64>()
                        / n,
                    bid_cost: games
                        .iter()
                        .map(|g| g.cost(p, DecisionKind::Bid, Some(r)))
                        .sum::<f64>()
                        / n,
                })
                .collect();
            Side {
                name: names[p].to_string(),
                points: Mean::of(&each(&|g| if p == 0 { g.outcome } else { 1.0 - g.outcome })),
                luck: Mean::of(&each(&|g| g.total_luck(p))),
                dice_luck: Mean::of(&each(&|g| g.dice_luck(p))),
                put_cost: Mean::of(&puts),
                bid_cost: Mean::of(&bids),
                skill: Mean::of(&skill),
                by_round,
            }
        };
        let skill = |g: &GameJudged, p| {
            -(g.cost(p, DecisionKind::Put, None) + g.cost(p, DecisionKind::Bid, None))
        };
        let rest = each(&|g| g.outcome - 0.5 - g.total_luck(0) - skill(g, 0) + skill(g, 1));
        Analysis {
            games: games.len() as u64,
            judge: judge.describe(),
            judged_by: judge.name(),
            incomplete: games.iter().filter(|g| !g.complete).count() as u64,
            p1: side(0),
            p2: side(1),
            rest: Mean::of(&rest),
            worst: worst_of(names, games, worst),
            per_game: games.iter().map(game_row).collect(),
        }
    }

    /// The players' figures in player order.
    pub fn sides(&self) -> [&Side; 2] {
        [&self.p1, &self.p2]
    }
}

fn game_row(g: &GameJudged) -> GameRow {
    let both = |f: &dyn Fn(usize) -> f64| [f(0), f(1)];
    GameRow {
        game: g.game,
        p1_seat: g.p1_seat.name().to_string(),
        p1_points: g.outcome,
        luck: both(&|p| g.total_luck(p)),
        put_cost: both(&|p| g.cost(p, DecisionKind::Put, None)),
        bid_cost: both(&|p| g.cost(p, DecisionKind::Bid, None)),
    }
}

/// The `n` costliest decisions of the match, costliest first (ties in
/// game order).
fn worst_of(names: [&str; 2], games: &[GameJudged], n: usize) -> Vec<Costly> {
    let mut all: Vec<Costly> = games
        .iter()
        .flat_map(|g| {
            g.judged.decisions().iter().map(move |d| Costly {
                game: g.game,
                deal: g.deal(),
                seat: d.seat.index() + 1,
                round: d.round,
                player: names[usize::from(d.seat != g.p1_seat)].to_string(),
                kind: d.kind,
                cost: d.cost,
                made: d.made.clone(),
                reference: d.reference.clone(),
            })
        })
        .collect();
    all.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    all.truncate(n);
    all
}
