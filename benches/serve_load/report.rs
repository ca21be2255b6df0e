//! The measurements, in order, each printed as it is made.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::attack::Attack;
use crate::client::Player;
use crate::games::{self, percentiles};
use crate::server::Server;
use crate::Opts;

const HUGE: (u32, u32) = (10_000, 10_000);
const SMALL: (u32, u32) = (80, 24);

/// Runs every measurement against `server`.
pub async fn run(o: &Opts, server: &Server) -> Result<(), String> {
    let port = server.port;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let base = server.rss_kib();
    println!(
        "server at rest: RSS {base} KiB, {} threads",
        server.threads()
    );

    // A terminal's memory, on a quiet server: small ones, then huge ones (drawn at the
    // largest size served).
    if o.runs("terminals") {
        terminals(server, port, o.huge).await?;
    }

    // Idle players in the lobby.
    let base = server.rss_kib();
    let start = Instant::now();
    let idle = connect_idle(port, o.idle).await?;
    let took = start.elapsed();
    settle().await;
    let full = server.rss_kib();
    println!(
        "{} idle players logged in ({:.1} s): RSS {full} KiB, {} threads: {} KiB per client",
        idle.len(),
        took.as_secs_f64(),
        server.threads(),
        per(full - base.min(full), idle.len())
    );
    if o.runs("idle") {
        cpu("idle", server, idle.len()).await;
    }

    // Live games.
    let quiet = if o.runs("games") || o.runs("storm") {
        round(server, o, 1, None).await?
    } else {
        (0.0, 0.0)
    };

    // The same beside silent and slow-loris connections.
    if o.silent + o.loris > 0 && o.runs("attack") {
        let attack = Attack::start(port, o.silent, o.loris);
        tokio::time::sleep(Duration::from_secs(5)).await;
        println!(
            "attack: {} silent and {} slow-loris connections started, {} open after 5 s",
            o.silent,
            o.loris,
            attack.open.load(Ordering::Relaxed)
        );
        cpu("idle, attackers alongside,", server, idle.len()).await;
        println!("  RSS {} KiB", server.rss_kib());
        round(server, o, 2, None).await?;
        println!(
            "attack: {} connections closed by the server, the longest held {:.1} s; {} open now; {} failed to connect",
            attack.closed.load(Ordering::Relaxed),
            attack.longest_ms.load(Ordering::Relaxed) as f64 / 1000.0,
            attack.open.load(Ordering::Relaxed),
            attack.failed.load(Ordering::Relaxed)
        );
        attack.stop();
        tokio::time::sleep(Duration::from_secs(2)).await;
    }

    // The same while one client flips its terminal between huge and small 10 times a second.
    if o.runs("storm") {
        let stormy = round(server, o, 3, Some(port)).await?;
        println!(
            "resize storm: p50 {:.1} -> {:.1} ms, p99 {:.1} -> {:.1} ms (quiet round -> storm round)",
            quiet.0, stormy.0, quiet.1, stormy.1
        );
    }

    if o.runs("reader") {
        non_reader(server, port).await?;
    }
    drop(idle);
    println!("server log: {} lines", server.log_len());
    Ok(())
}

/// A moment for the server's threads to finish drawing.
async fn settle() {
    tokio::time::sleep(Duration::from_secs(3)).await;
}

fn per(kib: u64, n: usize) -> u64 {
    kib / n.max(1) as u64
}

/// `n` players log in, 8 at a time, and then only drain their output.
async fn connect_idle(port: u16, n: usize) -> Result<Vec<Player>, String> {
    let mut players = Vec::with_capacity(n);
    let mut next = 0;
    while next < n {
        let batch: Vec<_> = (next..n.min(next + 8))
            .map(|i| {
                tokio::spawn(
                    async move { Player::login(port, 1, &format!("i{i:04}"), SMALL).await },
                )
            })
            .collect();
        next += batch.len();
        for task in batch {
            let p = task.await.map_err(|e| e.to_string())??;
            p.drain_only();
            players.push(p);
        }
    }
    Ok(players)
}

/// The server's CPU over 10 s.
async fn cpu(what: &str, server: &Server, clients: usize) {
    let span = Duration::from_secs(10);
    let before = server.cpu_ticks();
    tokio::time::sleep(span).await;
    let ticks = server.cpu_ticks() - before;
    println!(
        "CPU {what} with {clients} players in the lobby: {ticks} ticks in {} s ({:.2}% of one core)",
        span.as_secs(),
        percent(ticks, span)
    );
}

/// CPU ticks over `span` as a percentage of one core.
fn percent(ticks: u64, span: Duration) -> f64 {
    ticks as f64 / crate::server::ticks_per_second() / span.as_secs_f64() * 100.0
}

/// Server memory for `n` terminals of 80x24, then `n` of 10000x10000.
async fn terminals(server: &Server, port: u16, n: usize) -> Result<(), String> {
    if n == 0 {
        return Ok(());
    }
    for (tag, size) in [("n", SMALL), ("h", HUGE)] {
        let before = server.rss_kib();
        let mut players = Vec::new();
        for i in 0..n {
            let p = Player::login(port, 1, &format!("{tag}{i:03}"), size).await?;
            p.drain_only();
            players.push(p);
        }
        settle().await;
        let after = server.rss_kib();
        println!(
            "{n} terminals of {}x{}: RSS {before} -> {after} KiB: {} KiB each",
            size.0,
            size.1,
            per(after.saturating_sub(before), n)
        );
        drop(players);
        settle().await;
    }
    Ok(())
}

/// A round of games: the pairs meet one after the other, then all play at once. With
/// `storm`, one more client resizes 10 times a second meanwhile. The p50 and p99 (ms).
async fn round(
    server: &Server,
    o: &Opts,
    r: usize,
    storm: Option<u16>,
) -> Result<(f64, f64), String> {
    let start = Instant::now();
    let mut pairs = Vec::with_capacity(o.games);
    for k in 0..o.games {
        pairs.push(games::meet(server.port, r, k).await?);
    }
    println!(
        "round {r}: {} games set up in {:.1} s",
        pairs.len(),
        start.elapsed().as_secs_f64()
    );
    let stop = Arc::new(AtomicBool::new(false));
    let storm_task = storm.map(|port| tokio::spawn(resize_storm(port, Arc::clone(&stop))));
    let times = Arc::new(Mutex::new(Vec::new()));
    let rss_before = server.rss_kib();
    let ticks = server.cpu_ticks();
    let start = Instant::now();
    let tasks: Vec<_> = pairs
        .into_iter()
        .map(|p| tokio::spawn(games::play(p, o.think, Arc::clone(&times))))
        .collect();
    let mut rss_max = rss_before;
    while !tasks.iter().all(|t| t.is_finished()) {
        tokio::time::sleep(Duration::from_millis(250)).await;
        rss_max = rss_max.max(server.rss_kib());
    }
    let span = start.elapsed();
    let ticks = server.cpu_ticks() - ticks;
    let mut errors = Vec::new();
    for t in tasks {
        if let Err(e) = t.await.map_err(|e| e.to_string()).and_then(|r| r) {
            errors.push(e);
        }
    }
    stop.store(true, Ordering::Relaxed);
    let resizes = match storm_task {
        Some(t) => t.await.map_err(|e| e.to_string())??,
        None => 0,
    };
    let times = times.lock().unwrap().clone();
    let (n, p50, p99, max) = percentiles(&times);
    println!(
        "round {r}{}: {} games, {n} moves in {:.1} s: key to the opponent's screen p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; server CPU {:.0}% of one core; RSS {rss_before} KiB, at most {rss_max} KiB",
        if storm.is_some() { format!(" (resize storm: {resizes} resizes)") } else { String::new() },
        o.games,
        span.as_secs_f64(),
        percent(ticks, span),
    );
    if let Some(e) = errors.first() {
        return Err(format!(
            "{} of {} games failed; the first: {e}",
            errors.len(),
            o.games
        ));
    }
    Ok((p50, p99))
}

/// The `n`th size of a storm: 10000x10000 every other time, else a size that differs from
/// the last (the server redraws at the last size every 200 ms: each of its redraws is a
/// full frame at a new size, 300x150 at most).
fn storm_size(n: usize) -> (u32, u32) {
    if n.is_multiple_of(2) {
        HUGE
    } else {
        let k = (n / 2 % 50) as u32;
        (80 + 4 * k, 24 + 2 * k)
    }
}

/// One client in the lobby changes its terminal's size 10 times a second, between
/// 10000x10000 and smaller sizes, until `stop`; how many resizes it sent.
async fn resize_storm(port: u16, stop: Arc<AtomicBool>) -> Result<usize, String> {
    let p = Player::login(port, 1, "s-storm", SMALL).await?;
    p.drain_only();
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        tick.tick().await;
        let (cols, rows) = storm_size(n);
        p.resize(cols, rows).await?;
        n += 1;
    }
    Ok(n)
}

/// A player in a game who stops reading while their terminal keeps changing size (every
/// size is a new frame): how soon the server drops it, and how much its memory grows meanwhile.
async fn non_reader(server: &Server, port: u16) -> Result<(), String> {
    // In a game (a board is most of a frame), beside its opponent.
    let (p, _opponent) = games::meet(port, 9, 0).await?.players();
    // While it reads, the same resizes make this much output.
    let start = Instant::now();
    let got = p.received();
    for n in 0..20 {
        let (cols, rows) = storm_size(n);
        p.resize(cols, rows).await?;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    settle().await;
    println!(
        "a reading client resizing 10 times a second is sent {} KiB/s",
        (p.received() - got) as f64 / 1024.0 / start.elapsed().as_secs_f64()
    );
    let before = server.rss_kib();
    let got = p.received();
    p.stop_reading();
    let closed = format!("{} closed", p.local);
    let start = Instant::now();
    let mut rss_max = before;
    let mut resizes = 0u32;
    // The longest it may take: the SSH window and the socket buffers fill first (the
    // output is small), then the output stalls for --output-stall (30 s).
    let limit = Duration::from_secs(150);
    while server.log_lines(&closed).is_empty() && start.elapsed() < limit {
        let (cols, rows) = storm_size(resizes as usize);
        // The client still writes: its resizes reach the server.
        let _ = tokio::time::timeout(Duration::from_millis(50), p.resize(cols, rows)).await;
        resizes += 1;
        tokio::time::sleep(Duration::from_millis(50)).await;
        rss_max = rss_max.max(server.rss_kib());
    }
    let why = server
        .log_lines(&p.local.to_string())
        .into_iter()
        .filter(|l| !l.contains("connected") && !l.contains(" key "))
        .collect::<Vec<_>>()
        .join(" | ");
    if start.elapsed() >= limit {
        return Err(format!(
            "a client that stopped reading was not dropped in {} s: {why}",
            limit.as_secs()
        ));
    }
    let dropped = start.elapsed();
    // Reading again: what was still on its way, then the end of the connection.
    let held = p.received();
    p.read_again();
    let until = Instant::now() + Duration::from_secs(10);
    while !p.closed() && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!(
        "a client that stops reading ({resizes} resizes sent, {got} bytes read before): dropped after {:.1} s; server RSS {before} KiB, at most {rss_max} KiB (+{} KiB); reading again it got {} KiB more and {}; log: {why}",
        dropped.as_secs_f64(),
        rss_max - before,
        (p.received() - held) / 1024,
        if p.closed() { "the end of the connection" } else { "no end within 10 s" }
    );
    Ok(())
}
