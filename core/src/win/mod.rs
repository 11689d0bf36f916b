//! Win probability: by rollouts (`rollout`: the rest of a game played out
//! with both players as `dp`), from the tables (`normal`: each final total
//! normal), the last auction exactly (`last_auction`), and the bid by win
//! probability from the margins after each award (`bid`); `side`, one
//! player between rounds, as all of them see it.

pub mod bid;
pub mod last_auction;
pub mod normal;
pub mod rollout;
pub mod side;
