//! The command line: clap's arguments, and one library call per command
//! (each command's arguments and call live in its own file of `edge`).

use crate::edge::ctrl_c::stop_on_ctrl_c;
use crate::edge::{
    agree, analyse, bench, curve, eval, evolve, export, fit, genes, install, r#match, new_genome,
    optbench, play, plot_cmd, runs, ship, tournament,
};
use crate::text::SCREEN;
use anyhow::Result;
use clap::{Arg, CommandFactory, FromArgMatches, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tuner",
    version,
    about = "Tunes and builds winning bots for Yacht Auction"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a built-in strategy as a protocol program on stdin/stdout.
    Play(play::PlayArgs),
    /// Referee games between two programs, like the official testing tool.
    Match(r#match::MatchArgs),
    /// Write the shipped value table (the submission's data.bin) from the
    /// exact one, and report what the compression costs.
    Ship(ship::ShipArgs),
    /// Print speed figures (in-process games/s, ns per decision, match games/s).
    Bench(bench::BenchArgs),
    /// Evaluate a genome (or any built-in) against the opponent suite.
    Eval(eval::EvalArgs),
    /// Evaluations of candidates at several values of x (a thinking
    /// budget, a setting), each paired with one baseline: a table and a
    /// PNG of the difference against x.
    Curve(curve::CurveArgs),
    /// Evolve genomes with an optimiser (the GA by default): the main job.
    Evolve(evolve::EvolveArgs),
    /// Make a finished run's winner the champion (params/best.toml), when
    /// its verdicts say better on the training suite and not worse held out.
    Install(install::InstallArgs),
    /// Every run, a line each; with --compare, their fitness curves on one PNG.
    Runs(runs::RunsArgs),
    /// Draw a run's fitness plot from its generations.csv.
    Plot(plot_cmd::PlotArgs),
    /// A league of bots with a leaderboard (round robin or Swiss).
    Tournament(tournament::TournamentArgs),
    /// Write the bot as one self-contained Rust file for the contest, and
    /// its shipped value table as data.bin beside it.
    Export(export::ExportArgs),
    /// Write the default genome, every field documented, to a TOML file.
    NewGenome(new_genome::NewGenomeArgs),
    /// The genes as a genome plays them: kind, mechanism, value, whether
    /// they act (with --play, shown by games).
    Genes(genes::GenesArgs),
    /// How the tables' win probability agrees with rollouts (the
    /// reference), by round and by lead.
    Agree(agree::AgreeArgs),
    /// The leaf of a genome's win model fitted to seeded games' outcomes,
    /// round by round, scored on held-out games against its own leaf.
    Fit(fit::FitArgs),
    /// A match split per player into luck (the dice) and skill (what each
    /// put and bid cost against the judge: by default the chance to win as
    /// the tables' win model puts it), by round, with the costliest
    /// decisions.
    Analyse(analyse::AnalyseArgs),
    /// How each optimiser (GA, CMA-ES, random search) does on landscapes
    /// with a planted optimum and the games' noise: regret against games
    /// spent, a table and a PNG.
    Optbench(optbench::OptbenchArgs),
}

/// The command tree, every option's value allowed to be a negative number
/// (`--generations -3`), so that its value parser refuses it naming the
/// option, rather than clap taking it for an unknown option; its help
/// wrapped to `text::SCREEN` columns (the terminal's width up to it,
/// and it when the output is not a terminal).
pub fn command() -> clap::Command {
    let mut cmd = Cli::command().max_term_width(SCREEN);
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, |c| {
            c.max_term_width(SCREEN).mut_args(negative_numbers)
        });
    }
    cmd
}

/// An option that takes a value takes a negative number too.
fn negative_numbers(arg: Arg) -> Arg {
    match arg.get_action().takes_values() {
        true => arg.allow_negative_numbers(true),
        false => arg,
    }
}

/// The command line, parsed (clap's message and exit on an error).
fn parse() -> Cli {
    let mut cmd = command();
    let matches = cmd
        .try_get_matches_from_mut(std::env::args_os())
        .unwrap_or_else(|e| exit_on(e));
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| exit_on(e.format(&mut cmd)))
}

/// Ends the program on clap's error (or its help, or version): an error's
/// lines wrapped within the screen's width, as every other error's.
fn exit_on(e: clap::Error) -> ! {
    if !e.use_stderr() {
        e.exit()
    }
    eprint!("{}", within_screen(&e.render().to_string()));
    crate::edge::out::exit(e.exit_code())
}

/// `text`'s lines within the screen's width: a longer one wrapped at
/// spaces, the lines after its first indented.
pub fn within_screen(text: &str) -> String {
    let line = |l: &str| match l.chars().count() > crate::text::SCREEN {
        true => crate::text::wrap(l, crate::text::SCREEN, "  "),
        false => format!("{l}\n"),
    };
    text.lines().map(line).collect()
}

/// The program: runs the command line and ends with its status (0, or 1
/// after printing the error).
pub fn main() -> ! {
    let code = match run() {
        Ok(()) => 0,
        Err(e) => {
            eprint!("{}", within_screen(&format!("error: {e:#}")));
            1
        }
    };
    crate::edge::out::exit(code)
}

/// Parses the command line and runs the command.
pub fn run() -> Result<()> {
    let cli = parse();
    // A protocol program keeps the default (Ctrl-C ends it); every other
    // command stops cleanly.
    if !matches!(cli.command, Cmd::Play(_)) {
        stop_on_ctrl_c();
    }
    match cli.command {
        Cmd::Play(a) => play::run(a),
        Cmd::Match(a) => r#match::run(a),
        Cmd::Ship(a) => ship::run(a),
        Cmd::Bench(a) => bench::run(a),
        Cmd::Eval(a) => eval::run(a),
        Cmd::Evolve(a) => evolve::run(a),
        Cmd::Install(a) => install::run(a),
        Cmd::Runs(a) => runs::run(a),
        Cmd::Plot(a) => plot_cmd::run(a),
        Cmd::Curve(a) => curve::run(a),
        Cmd::Tournament(a) => tournament::run(a),
        Cmd::Export(a) => export::run(a),
        Cmd::NewGenome(a) => new_genome::run(a),
        Cmd::Genes(a) => genes::run(a),
        Cmd::Agree(a) => agree::run(a),
        Cmd::Analyse(a) => analyse::run(a),
        Cmd::Fit(a) => fit::run(a),
        Cmd::Optbench(a) => optbench::run(a),
    }
}

#[cfg(test)]
mod tests {
    use super::{Cli, command};
    use crate::text::SCREEN;
    use clap::CommandFactory;
    use clap::error::ErrorKind;

    #[test]
    fn every_help_fits_the_help_width() {
        let mut cli = command();
        let mut helps = vec![cli.render_long_help().to_string()];
        for sub in cli.get_subcommands_mut() {
            helps.push(sub.render_long_help().to_string());
            helps.push(sub.render_help().to_string());
        }
        for help in &helps {
            let widest = help.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            assert!(widest <= SCREEN, "{widest} columns:\n{help}");
        }
        assert!(helps.len() > 20 && helps.iter().any(|h| h.contains("--step-target")));
    }

    #[test]
    fn a_negative_number_is_refused_naming_its_option() {
        let cli = command();
        let mut named = 0;
        for cmd in cli.get_subcommands() {
            for arg in cmd.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if !arg.get_action().takes_values() {
                    continue;
                }
                let flag = format!("--{long}");
                let line = ["tuner", cmd.get_name(), &flag, "-3"];
                let Err(e) = command().try_get_matches_from(line) else {
                    continue;
                };
                assert_ne!(e.kind(), ErrorKind::UnknownArgument, "{line:?}: {e}");
                if e.kind() == ErrorKind::ValueValidation {
                    assert!(e.to_string().contains(&flag), "{line:?}: {e}");
                    named += 1;
                }
            }
        }
        // --generations, --games, --threads, --seed, … of every command.
        assert!(named > 20, "{named}");
    }

    #[test]
    fn every_flag_and_argument_has_help_text() {
        let cli = Cli::command();
        let mut missing = Vec::new();
        for cmd in cli.get_subcommands() {
            for arg in cmd.get_arguments() {
                let builtin = matches!(arg.get_id().as_str(), "help" | "version");
                if !builtin && arg.get_help().is_none() {
                    missing.push(format!("{} --{}", cmd.get_name(), arg.get_id()));
                }
            }
        }
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }
}
