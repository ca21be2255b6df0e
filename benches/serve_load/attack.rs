//! Connections that never log in, each from its own address, held open as long as the
//! server lets them and opened again as soon as it closes them: silent ones (connect, send
//! nothing) and slow-loris ones (an SSH banner one byte a second).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::client::{next_address, tcp};

/// What the attackers saw.
#[derive(Default)]
pub struct Attack {
    stop: AtomicBool,
    /// Connections open now.
    pub open: AtomicUsize,
    /// Connections the server closed, and the longest any was held (ms).
    pub closed: AtomicUsize,
    pub longest_ms: AtomicU64,
    /// Connections refused at once or failed to connect.
    pub failed: AtomicUsize,
}

impl Attack {
    /// Starts `silent` silent and `loris` slow-loris connections against `port`.
    pub fn start(port: u16, silent: usize, loris: usize) -> Arc<Attack> {
        let attack = Arc::new(Attack::default());
        for i in 0..silent + loris {
            let attack = Arc::clone(&attack);
            let slow = i >= silent;
            let from = next_address(2);
            tokio::spawn(async move {
                while !attack.stop.load(Ordering::Relaxed) {
                    let Ok(stream) = tcp(from, port).await else {
                        attack.failed.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        continue;
                    };
                    attack.open.fetch_add(1, Ordering::Relaxed);
                    let start = Instant::now();
                    hold(stream, slow, &attack.stop).await;
                    attack.open.fetch_sub(1, Ordering::Relaxed);
                    if !attack.stop.load(Ordering::Relaxed) {
                        attack.closed.fetch_add(1, Ordering::Relaxed);
                        let ms = start.elapsed().as_millis() as u64;
                        attack.longest_ms.fetch_max(ms, Ordering::Relaxed);
                    }
                }
            });
        }
        attack
    }

    /// Stops them all (they close their connections).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Holds one connection until the server closes it: reading whatever it sends, and for a
/// slow-loris writing one byte of a banner a second.
async fn hold(mut stream: tokio::net::TcpStream, slow: bool, stop: &AtomicBool) {
    const BANNER: &[u8] = b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5 slowly, very slowly";
    let mut buf = [0u8; 4096];
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut at = 0;
    while !stop.load(Ordering::Relaxed) {
        tokio::select! {
            n = stream.read(&mut buf) => match n {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            },
            _ = tick.tick(), if slow => {
                if stream.write_all(&BANNER[at % BANNER.len()..][..1]).await.is_err() {
                    return;
                }
                at += 1;
            }
            () = tokio::time::sleep(Duration::from_millis(500)) => {}
        }
    }
}
