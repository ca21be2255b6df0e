//! Live games between scripted players: pairs meet in the lobby (one challenges, the other
//! accepts), then play the same 40 plies by typing them, and each ply is timed from the
//! Enter that plays it to the opponent's screen saying it is their move.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::client::Player;

/// A Ruy Lopez, Breyer variation: 40 plies, no repetition.
const LINE: [&str; 40] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6",
    "a4", "c5", "d5", "c4", "Bg5", "h6", "Be3", "Nc5", "Qd2", "h5", "Bg5", "Be7",
];

const YOUR_MOVE: &str = "(you) to move";
const LIMIT: Duration = Duration::from_secs(60);
const ENTER: &[u8] = b"\r";
const UP: &[u8] = b"\x1b[A";
const DOWN: &[u8] = b"\x1b[B";

/// Two players in a game.
pub struct Pair {
    white: Player,
    black: Player,
}

/// The names of pair `k` of round `round`. Each new pair's second player sorts before
/// every other name on the server, so the challenger finds them right under itself (the
/// lobby lists you first, then the others by name).
fn names(round: usize, k: usize) -> (String, String) {
    (format!("x{round}{k:03}"), format!("b{round}{:03}", 999 - k))
}

/// Pair `k` of `round` connects, meets and starts a game (chess, random sides, 5+3).
pub async fn meet(port: u16, round: usize, k: usize) -> Result<Pair, String> {
    let (a_name, b_name) = names(round, k);
    let size = (80, 24);
    let mut a = Player::login(port, 1, &a_name, size).await?;
    let mut b = Player::login(port, 1, &b_name, size).await?;
    a.wait_for(&b_name, LIMIT).await?;
    a.send(DOWN).await?;
    a.send(b"c").await?;
    a.wait_for(&format!("Challenge {b_name}"), LIMIT).await?;
    a.send(ENTER).await?;
    // The challenge's line (the challenger with rating and key, then the terms): the
    // only challenge to b.
    b.wait_for("→ you: Chess, 5+3", LIMIT).await?;
    b.send(UP).await?;
    b.send(ENTER).await?;
    a.wait_for("to move", LIMIT).await?;
    b.wait_for("to move", LIMIT).await?;
    Ok(if a.shows("White (you)") {
        Pair { white: a, black: b }
    } else {
        Pair { white: b, black: a }
    })
}

impl Pair {
    /// The two players: White, Black.
    pub fn players(self) -> (Player, Player) {
        (self.white, self.black)
    }
}

/// Plays the line with `think` between a player's turn and their move; each ply's time to
/// the opponent goes into `times`. White resigns at the end.
pub async fn play(
    mut pair: Pair,
    think: Duration,
    times: Arc<Mutex<Vec<Duration>>>,
) -> Result<(), String> {
    // Games start out of step with each other.
    let first = think.mul_f64(rand::random::<f64>());
    tokio::time::sleep(first).await;
    for (i, san) in LINE.iter().enumerate() {
        let (me, them) = if i % 2 == 0 {
            (&mut pair.white, &mut pair.black)
        } else {
            (&mut pair.black, &mut pair.white)
        };
        me.wait_for(YOUR_MOVE, LIMIT).await?;
        tokio::time::sleep(think.mul_f64(0.5 + rand::random::<f64>())).await;
        me.send(format!(":{san}").as_bytes()).await?;
        tokio::time::sleep(Duration::from_millis(30)).await;
        let sent = Instant::now();
        me.send(ENTER).await?;
        let seen = them.wait_for(YOUR_MOVE, LIMIT).await?;
        times.lock().unwrap().push(seen - sent);
        // The mover's own screen no longer says it is their move before the next ply.
        me.wait_gone(YOUR_MOVE, LIMIT).await?;
    }
    pair.white.send(b"R").await?;
    pair.white.send(b"y").await?;
    pair.black.wait_for("resignation", LIMIT).await?;
    Ok(())
}

/// Latency figures: count, p50, p99, max (ms).
pub fn percentiles(times: &[Duration]) -> (usize, f64, f64, f64) {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if ms.is_empty() {
            return 0.0;
        }
        let i = ((ms.len() as f64 * q).ceil() as usize).clamp(1, ms.len()) - 1;
        ms[i]
    };
    (
        ms.len(),
        at(0.5),
        at(0.99),
        ms.last().copied().unwrap_or(0.0),
    )
}
