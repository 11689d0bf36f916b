//! What crosses between processes (`tuner-mpi`): players and faults
//! as serde records, each read back to exactly what was sent (a
//! genome travels as its genes, not as a file name; a `dp` as the spec
//! string that parses back to it).

use crate::host::play::Fault;
use crate::host::player::Player;
use crate::players::StrategySpec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use yacht_core::game::Illegal;
use yacht_core::genome::{Genome, Think};

/// A player as it travels.
#[derive(Serialize, Deserialize)]
enum PlayerWire {
    /// A spec that parses back to the same player (all but genomes).
    Spec(String),
    Genome {
        name: String,
        genes: Vec<f64>,
        /// Its thinking settings, in `Think::FIELDS` order.
        think: Vec<f64>,
    },
    Program {
        command: String,
        argv: Vec<String>,
    },
}

impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let wire = match self {
            Player::Builtin(StrategySpec::Genome { name, genome }) => PlayerWire::Genome {
                name: name.clone(),
                genes: genome.genes.to_vec(),
                think: Think::FIELDS
                    .iter()
                    .filter_map(|f| genome.think.get(f.key))
                    .collect(),
            },
            Player::Builtin(spec) => PlayerWire::Spec(spec.spec()),
            Player::Program { command, argv } => PlayerWire::Program {
                command: command.clone(),
                argv: argv.clone(),
            },
        };
        wire.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        use serde::de::Error;
        Ok(match PlayerWire::deserialize(d)? {
            PlayerWire::Spec(spec) => {
                Player::Builtin(StrategySpec::parse(&spec).map_err(D::Error::custom)?)
            }
            PlayerWire::Genome { name, genes, think } => {
                let genes = genes
                    .try_into()
                    .map_err(|g: Vec<f64>| D::Error::invalid_length(g.len(), &"the genes"))?;
                if think.len() != Think::FIELDS.len() {
                    return Err(D::Error::invalid_length(think.len(), &"the think settings"));
                }
                let mut genome = Genome::of(genes);
                for (f, v) in Think::FIELDS.iter().zip(think) {
                    genome.think.set(f.key, v);
                }
                Player::Builtin(StrategySpec::genome(&name, genome))
            }
            PlayerWire::Program { command, argv } => Player::Program { command, argv },
        })
    }
}

/// A fault as it travels.
#[derive(Serialize, Deserialize)]
enum FaultWire {
    Tle,
    ProgramExited,
    InvalidReady,
    BidParseFailed,
    PutParseFailed,
    RuleAlreadyUsed,
    NoSuchDice,
    CannotStart(String),
}

impl Serialize for Fault {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let wire = match self {
            Fault::Tle => FaultWire::Tle,
            Fault::ProgramExited => FaultWire::ProgramExited,
            Fault::InvalidReady => FaultWire::InvalidReady,
            Fault::BidParseFailed => FaultWire::BidParseFailed,
            Fault::PutParseFailed => FaultWire::PutParseFailed,
            Fault::Illegal(Illegal::RuleAlreadyUsed) => FaultWire::RuleAlreadyUsed,
            Fault::Illegal(Illegal::NoSuchDice) => FaultWire::NoSuchDice,
            Fault::CannotStart(why) => FaultWire::CannotStart(why.clone()),
        };
        wire.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Fault {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Fault, D::Error> {
        Ok(match FaultWire::deserialize(d)? {
            FaultWire::Tle => Fault::Tle,
            FaultWire::ProgramExited => Fault::ProgramExited,
            FaultWire::InvalidReady => Fault::InvalidReady,
            FaultWire::BidParseFailed => Fault::BidParseFailed,
            FaultWire::PutParseFailed => Fault::PutParseFailed,
            FaultWire::RuleAlreadyUsed => Fault::Illegal(Illegal::RuleAlreadyUsed),
            FaultWire::NoSuchDice => Fault::Illegal(Illegal::NoSuchDice),
            FaultWire::CannotStart(why) => Fault::CannotStart(why),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::play::Outcome;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de>>(x: &T) -> T {
        serde_json::from_str(&serde_json::to_string(x).unwrap()).unwrap()
    }

    #[test]
    fn players_faults_and_outcomes_come_back_as_sent() {
        let mut genome = Genome::default();
        genome.genes[0] = 0.1 + 0.2;
        let players = [
            Player::parse("greedy").unwrap(),
            Player::parse("sample:4C").unwrap(),
            Player::parse("combo:3b").unwrap(),
            Player::parse("dp:own:bid=1.25").unwrap(),
            Player::Builtin(StrategySpec::genome("candidate", genome)),
            Player::Program {
                command: "x 'a b'".into(),
                argv: vec!["x".into(), "a b".into()],
            },
        ];
        for p in &players {
            assert_eq!(&round_trip(p), p);
        }
        let faults = [
            Fault::Tle,
            Fault::Illegal(Illegal::NoSuchDice),
            Fault::Illegal(Illegal::RuleAlreadyUsed),
            Fault::CannotStart("cannot start `x`".into()),
        ];
        for f in &faults {
            assert_eq!(&round_trip(f), f);
        }
        for o in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
            assert_eq!(round_trip(&o), o);
        }
    }
}
