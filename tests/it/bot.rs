//! The submission bot: `tuner export` compiled by plain rustc, the `bot`
//! binary, and build.rs's genome handling.

use crate::{build_bot, data, match_official, moves, repo, run_ok, scratch, tuner};
use std::process::Command;

fn rustc_available() -> bool {
    Command::new("rustc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Compiles one source file with plain rustc, as the contest does.
fn rustc_compile(src: &std::path::Path, exe: &std::path::Path) {
    run_ok(
        Command::new("rustc")
            .args(["--edition", "2024", "-O", "-o"])
            .arg(exe)
            .arg(src),
    );
}

/// Official input, both seats, against the built-in `opponent` (a sample
/// by number, or a spec); and two seeded games: the program makes the moves
/// of the built-in `builtin`.
fn same_moves_as_builtin(
    program: &str,
    builtin: &str,
    opponent: impl std::fmt::Display,
    dir: &std::path::Path,
) {
    let opponent = opponent.to_string();
    let opp = match opponent.parse::<u32>() {
        Ok(n) => format!("builtin:sample:{n}"),
        Err(_) => format!("builtin:{opponent}"),
    };
    let tag = opponent.replace(':', "-");
    let input = data("official-input.txt");
    for (src, extra) in [
        (
            "input",
            vec!["--input".to_string(), input.display().to_string()],
        ),
        ("seed", vec!["--seed".into(), "13".into()]),
    ] {
        let (a, b, j) = (
            dir.join(format!("{tag}-{src}-a")),
            dir.join(format!("{tag}-{src}-b")),
            dir.join(format!("{tag}-{src}.json")),
        );
        // A generous READY limit: under a loaded CI machine the start-up
        // (decoding the shipped table) is what this test is not about.
        run_ok(
            tuner()
                .args([
                    "match",
                    "--p1",
                    program,
                    "--p2",
                    &opp,
                    "--games",
                    "2",
                    "--ready-timeout",
                    "30000",
                    "--log",
                ])
                .arg(&a)
                .args(&extra)
                .arg("--json")
                .arg(&j),
        );
        run_ok(
            tuner()
                .args([
                    "match",
                    "--p1",
                    &format!("builtin:{builtin}"),
                    "--p2",
                    &opp,
                    "--games",
                    "2",
                    "--log",
                ])
                .arg(&b)
                .args(&extra),
        );
        let ma = moves(&std::fs::read_to_string(&a).unwrap());
        assert_eq!(
            ma,
            moves(&std::fs::read_to_string(&b).unwrap()),
            "{opp}, {src}"
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&j).unwrap()).unwrap();
        assert_eq!(v["p1"]["faults"].as_array().unwrap().len(), 0, "{v}");
        assert!(!ma.iter().any(|l| l.starts_with("ABORT")));
    }
}

/// The exported pair in `dir` (`exe` and data.bin): data.bin is the
/// shipped table; and without it the program says why and still answers
/// legally (data.bin is removed).
fn data_bin_is_the_shipped_table_and_optional(exe: &std::path::Path, dir: &std::path::Path) {
    let data = dir.join("data.bin");
    assert_eq!(
        std::fs::read(&data).unwrap(),
        std::fs::read(repo("assets/values.ship")).unwrap()
    );
    assert!(std::fs::metadata(&data).unwrap().len() <= 10 << 20);
    std::fs::remove_file(&data).unwrap();
    let out = Command::new(exe)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"READY\nROLL 35561 15336\nFINISH\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK\nBID "), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no data.bin") && stderr.contains("much weaker fallback"),
        "{stderr}"
    );
    // A match says so in its result and fails, unless told to allow it.
    let game = |allow: bool| {
        let mut cmd = tuner();
        // The program's path quoted: its folder may have a space.
        let program = format!("'{}'", exe.display());
        cmd.current_dir(dir).args(["match", "--p1", &program]);
        cmd.args(["--p2", "dp", "--seed", "1", "--games", "1", "--quiet"]);
        if allow {
            cmd.arg("--allow-no-table");
        }
        cmd.output().unwrap()
    };
    let (refused, allowed) = (game(false), game(true));
    let said = "played without its data.bin in 1 of 1 games";
    assert!(!refused.status.success());
    let shown = String::from_utf8_lossy(&refused.stdout);
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(shown.contains(said), "{shown}\n{why}");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--allow-no-table"));
    assert!(allowed.status.success());
    assert!(String::from_utf8_lossy(&allowed.stdout).contains(said));
}

#[test]
fn exported_file_compiles_with_plain_rustc_and_plays_like_the_tuner() {
    if !rustc_available() {
        eprintln!("SKIPPED: rustc not found; the exported file was not compiled");
        return;
    }
    let dir = scratch("export");
    // Genes away from their (dp's) defaults, in puts and bids, and win
    // probability by the tables in every round, bids looking a round ahead.
    let genome = dir.join("tuned.toml");
    std::fs::write(
        &genome,
        "prio_choice = -3\nprio_yacht = 2\nfuture_weight = 1.1\nupper_weight = 0.3\n\
         zero_penalty = 1\nbid_scale = 0.8\nbid_adapt_mult = 2\n\
         bid_adapt_margin = 3000\nbid_offset = 700\nbid_best_response = 0.9\n\
         wp_fast = 1\nwp_put_auctions = 11\nwp_bid_auctions = 11\nwp_skew = 1\n\
         wp_lookahead = 4\n",
    )
    .unwrap();
    let src = dir.join("bot.rs");
    let out = run_ok(
        tuner()
            .args(["export", "--genome"])
            .arg(&genome)
            .arg("-o")
            .arg(&src),
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("upload both files"));
    // The source given as a program: compile it first.
    let source = tuner()
        .args(["match", "--p2", "dp", "--seed", "1", "--p1"])
        .arg(&src)
        .output()
        .unwrap();
    assert!(!source.status.success());
    let said = String::from_utf8_lossy(&source.stderr);
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("compile it first (rustc --edition 2024"),
        "{said}"
    );
    let len = std::fs::metadata(&src).unwrap().len();
    assert!(len < 1 << 20, "{len}");
    let exe = dir.join("bot");
    rustc_compile(&src, &exe);
    // Run from elsewhere: data.bin is found beside the program.
    let program = format!("{} NYPC", exe.display());
    let builtin = format!("genome:{}", genome.display());
    // With the bot binary's samples (1A, 4D, 5E) every put policy (P1-P5)
    // and every bid policy (A-E) meets a program build of the core.
    for sample in [2, 4, 7] {
        same_moves_as_builtin(&program, &builtin, sample, &dir);
    }
    // Against dp the best-response bid comes into play (its predictions are
    // kept across the rounds of a game).
    same_moves_as_builtin(&program, &builtin, "dp", &dir);
    data_bin_is_the_shipped_table_and_optional(&exe, &dir);
}

#[test]
fn exported_dp_reads_data_bin_and_plays_like_builtin_dp() {
    if !rustc_available() {
        eprintln!("SKIPPED: rustc not found; the exported file was not compiled");
        return;
    }
    let dir = scratch("export-dp");
    // A folder for -o: the source is bot.rs in it, data.bin beside it.
    let folder = dir.join("my bot");
    std::fs::create_dir(&folder).unwrap();
    let src = folder.join("bot.rs");
    let out = run_ok(tuner().args(["export", "--dp", "-o"]).arg(&folder));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(src.exists() && folder.join("data.bin").exists(), "{said}");
    // Written again only with --force, both files: the source, and
    // data.bin even when the source is gone.
    let again = || {
        tuner()
            .args(["export", "--dp", "-o"])
            .arg(&src)
            .output()
            .unwrap()
    };
    assert!(!again().status.success());
    let source = std::fs::read(&src).unwrap();
    std::fs::remove_file(&src).unwrap();
    let refused = again();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("data.bin"));
    assert!(!src.exists());
    std::fs::write(&src, source).unwrap();
    // The compile line works as printed (quoted: the folder has a space).
    let line = said.split("compile with: ").nth(1).unwrap().lines().next();
    run_ok(Command::new("sh").arg("-c").arg(line.unwrap()));
    let exe = folder.join("bot");
    // Run from its folder, as the contest runs it (data.bin in the working
    // directory).
    let program = format!("sh -c 'cd \"{}\" && exec ./bot NYPC'", folder.display());
    for sample in [1, 6, 9] {
        same_moves_as_builtin(&program, "dp", sample, &dir);
    }
    data_bin_is_the_shipped_table_and_optional(&exe, &folder);
}

#[test]
fn bot_binary_plays_its_compiled_genome() {
    // The bot binary of this build carries params/best.toml (or default.toml).
    let compiled = if repo("params/best.toml").exists() {
        repo("params/best.toml")
    } else {
        repo("params/default.toml")
    };
    let dir = scratch("bot-binary");
    let exe = dir.join("bot");
    let out = build_bot(None, &exe);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let program = format!("{} NYPC", exe.display());
    for sample in [1, 6, 10] {
        same_moves_as_builtin(
            &program,
            &format!("genome:{}", compiled.display()),
            sample,
            &dir,
        );
    }
}

#[test]
fn yacht_genome_changes_the_build_and_a_bad_genome_fails_it() {
    let dir = scratch("genome-build");
    let other = dir.join("other.toml");
    std::fs::write(
        &other,
        "bid_scale = 1.5\nbid_adapt_margin = 9000.0\nprio_choice = 12\n",
    )
    .unwrap();
    let (mine, theirs) = (dir.join("other-bot"), dir.join("default-bot"));
    for (genome, exe) in [(Some(other.as_path()), &mine), (None, &theirs)] {
        let out = build_bot(genome, exe);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mine = format!("{} NYPC", mine.display());
    let theirs = format!("{} NYPC", theirs.display());
    let (a, b) = (dir.join("a.log"), dir.join("b.log"));
    match_official(&mine, "builtin:sample:6", &a);
    match_official(&theirs, "builtin:sample:6", &b);
    assert_ne!(
        moves(&std::fs::read_to_string(a).unwrap()),
        moves(&std::fs::read_to_string(b).unwrap())
    );
    // And it plays exactly that genome.
    same_moves_as_builtin(&mine, &format!("genome:{}", other.display()), 6, &dir);

    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "bid_scale = 0.3\nbid_cap = \"lots\"\n").unwrap();
    let out = build_bot(Some(&bad), &dir.join("bad-bot"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("bad.toml:2") && err.contains("bid_cap") && err.contains("expected a number"),
        "{err}"
    );
}
