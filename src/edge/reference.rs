//! The flag reference of `docs/commands.md`, rendered from the command
//! line's own definitions (clap's, `edge::cli`): each command's usage and
//! its options with their help, defaults and values, as Markdown between
//! two marker lines. A test holds the committed text to the rendering;
//! `YACHT_WRITE_DOCS=1 cargo test --release -p yacht-tuner --lib
//! edge::reference` writes it.

use crate::text::wrap;
use clap::{Arg, Command};

/// The line before the generated reference in docs/commands.md.
pub const BEGIN: &str =
    "<!-- BEGIN flag reference: rendered from the clap definitions; do not edit -->";
/// The line after it.
pub const END: &str = "<!-- END flag reference -->";

/// The widest line the rendering writes where its words allow.
const WIDTH: usize = 100;

/// Every command of `cli`, a section each in the order clap lists them:
/// its about, its usage, then its arguments and options.
pub fn render(cli: &Command) -> String {
    let mut cli = cli.clone();
    cli.build();
    let name = cli.get_name().to_string();
    let sections: Vec<String> = cli
        .get_subcommands_mut()
        .filter(|c| !c.is_hide_set())
        .map(|c| section(&name, c))
        .collect();
    sections.join("\n")
}

/// One command's section.
fn section(program: &str, cmd: &mut Command) -> String {
    let name = cmd.get_name().to_string();
    let mut out = format!("### `{program} {name}`\n\n");
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        out.push_str(&paragraphs(&about.to_string(), ""));
        out.push('\n');
    }
    let usage = cmd.render_usage().to_string();
    let usage = usage.trim_start_matches("Usage:").trim();
    out.push_str("```text\n");
    out.push_str(&wrap(usage, WIDTH, "    "));
    out.push_str("```\n\n");
    let args: Vec<&Arg> = cmd
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    for arg in args {
        out.push_str(&item(arg));
    }
    out
}

/// One argument as a list item: how it is written, the values it takes
/// and its default, then its help.
fn item(arg: &Arg) -> String {
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let quoted = |v: &str| format!("`{v}`");
    let mut notes = Vec::new();
    if arg.get_action().takes_values() {
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| quoted(v.get_name()))
            .collect();
        if !values.is_empty() {
            notes.push(format!("one of {}", values.join(", ")));
        }
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| quoted(&v.to_string_lossy()))
            .collect();
        if !defaults.is_empty() {
            notes.push(format!("default {}", defaults.join(", ")));
        }
    }
    let notes = match notes.is_empty() {
        true => String::new(),
        false => format!(" ({})", notes.join("; ")),
    };
    let text = format!("- `{}`{notes}: {}", written(arg), one_line(&help));
    wrap(&text, WIDTH, "  ")
}

/// How an argument is written on the command line: `--long <VALUE>`,
/// `-s, --long`, or `<VALUE>` for a positional one.
fn written(arg: &Arg) -> String {
    let value = arg
        .get_value_names()
        .map(|names| {
            let names: Vec<String> = names.iter().map(|n| format!("<{n}>")).collect();
            names.join(" ")
        })
        .unwrap_or_else(|| format!("<{}>", arg.get_id().as_str().to_uppercase()));
    let many = match arg.get_num_args() {
        Some(range) if range.max_values() > 1 => "...",
        _ => "",
    };
    if arg.is_positional() {
        return format!("{value}{many}");
    }
    let mut flag = match (arg.get_short(), arg.get_long()) {
        (Some(s), Some(l)) => format!("-{s}, --{l}"),
        (Some(s), None) => format!("-{s}"),
        (None, Some(l)) => format!("--{l}"),
        (None, None) => String::new(),
    };
    if arg.get_action().takes_values() {
        flag.push(' ');
        flag.push_str(&value);
        flag.push_str(many);
    }
    flag
}

/// `text`'s words on one line: a help's lines and paragraphs read as one
/// list item.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` as Markdown paragraphs, each wrapped within the width.
fn paragraphs(text: &str, indent: &str) -> String {
    text.split("\n\n")
        .map(|p| wrap(&format!("{indent}{}", one_line(p)), WIDTH, indent))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `doc` with the text between its marker lines replaced by `reference`;
/// `None` when `doc` lacks either marker.
pub fn spliced(doc: &str, reference: &str) -> Option<String> {
    let (head, rest) = doc.split_once(BEGIN)?;
    let (_, tail) = rest.split_once(END)?;
    Some(format!("{head}{BEGIN}\n\n{reference}\n{END}{tail}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/commands.md, from the package's root.
    fn commands_md() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/commands.md")
    }

    #[test]
    fn the_flag_reference_in_docs_commands_md_is_current() {
        let path = commands_md();
        let doc = std::fs::read_to_string(&path).unwrap();
        let current = spliced(&doc, &render(&crate::edge::cli::command()))
            .expect("docs/commands.md has both marker lines");
        if std::env::var_os("YACHT_WRITE_DOCS").is_some_and(|v| v == "1") {
            std::fs::write(&path, &current).unwrap();
            return;
        }
        assert!(
            doc == current,
            "docs/commands.md's flag reference differs from the command line's definitions; \
             regenerate it with `YACHT_WRITE_DOCS=1 cargo test --release -p yacht-tuner --lib edge::reference`"
        );
    }

    #[test]
    fn every_command_and_option_is_rendered_within_the_width() {
        let text = render(&crate::edge::cli::command());
        for name in [
            "### `tuner evolve`",
            "### `tuner match`",
            "### `tuner optbench`",
        ] {
            assert!(text.contains(name), "{name}");
        }
        for flag in ["`--step-target <", "`--p1 <P1>`", "`--clock <CLOCK>`"] {
            assert!(text.contains(flag), "{flag}");
        }
        assert!(text.contains("`--move-timeout <MOVE_TIMEOUT>` (default `500`): "));
        let racing = "`--racing <RACING>` (one of `flat`, `halving`; default `halving`): ";
        assert!(text.contains(racing), "evolve's --racing");
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= WIDTH + 20, "{widest}");
    }

    #[test]
    fn the_reference_replaces_only_the_text_between_the_markers() {
        let doc = format!("intro\n{BEGIN}\nold\n{END}\nafter\n");
        let new = spliced(&doc, "new\n").unwrap();
        assert_eq!(new, format!("intro\n{BEGIN}\n\nnew\n\n{END}\nafter\n"));
        assert_eq!(
            spliced(&new, "new\n").unwrap(),
            new,
            "a second splice changes nothing"
        );
        assert_eq!(spliced("no markers", "x"), None);
    }
}
