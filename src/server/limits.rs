//! The server's bounds on what a client may hold: connections (in all, per address and not
//! yet logged in), the time to log in, the output queued for a client that does not read,
//! and how `accept` backs off when the process is out of file descriptors.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

/// How many connections may be held, and for how long before they log in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Connections at once, in all (logged in or not).
    pub total: usize,
    /// Connections at once from one address (logged in or not).
    pub per_ip: usize,
    /// Connections at once that have not logged in yet.
    pub pending: usize,
}

/// Why a connection is refused, in the words its client is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server holds `total` connections.
    Full(usize),
    /// This address holds `per_ip` connections.
    PerAddress(usize),
    /// Too many connections are logging in at once.
    Busy,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Full(n) => write!(
                f,
                "the server is full ({n} connections); try again in a few minutes"
            ),
            Refusal::PerAddress(n) => write!(
                f,
                "{n} connections from your address are already open here (the most allowed); \
                 close one and connect again"
            ),
            Refusal::Busy => write!(
                f,
                "too many connections are logging in right now; try again in a minute"
            ),
        }
    }
}

/// How long a connection has been logging in before a newer one may take its place
/// when every place for logging in is taken ([`Gate::admit`]): a real `ssh` logs in within
/// a second or two, so the connections held longer are the ones that do not try.
pub const EVICT_AFTER: Duration = Duration::from_secs(3);

#[derive(Default)]
struct Counts {
    total: usize,
    pending: usize,
    per_ip: HashMap<IpAddr, usize>,
    /// The connections logging in and not asked to leave, oldest first: when they came,
    /// and their signal.
    logging_in: VecDeque<(Instant, Arc<Eviction>)>,
}

/// The signal that tells a connection still logging in that a newer one took its place.
#[derive(Debug, Default)]
pub struct Eviction {
    evicted: AtomicBool,
    notify: Notify,
}

impl Eviction {
    fn evict(&self) {
        self.evicted.store(true, Ordering::Relaxed);
        // A permit is kept if nobody waits yet.
        self.notify.notify_one();
    }

    /// Whether the connection was asked to leave.
    pub fn evicted(&self) -> bool {
        self.evicted.load(Ordering::Relaxed)
    }

    /// Resolves once the connection is asked to leave.
    pub async fn wait(&self) {
        if !self.evicted() {
            self.notify.notified().await;
        }
    }
}

/// The connection counts, shared by the accept loop and every connection.
pub struct Gate {
    caps: Caps,
    counts: Mutex<Counts>,
}

impl Gate {
    /// An empty gate with these caps.
    pub fn new(caps: Caps) -> Arc<Gate> {
        Arc::new(Gate {
            caps,
            counts: Mutex::new(Counts::default()),
        })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Lets a new connection from `ip` in at `now` (counted until its ticket is dropped),
    /// or says why not.
    ///
    /// When every place for logging in is taken, the connection that has been logging in
    /// longest gives its place to the new one if it has tried for [`EVICT_AFTER`] (it is
    /// told to leave through its ticket's [`Eviction`]): connections that never log in
    /// (from as many addresses as an attacker has) cannot keep players out for the whole
    /// login timeout; to do so an attacker must open new ones faster than players log in.
    ///
    /// # Errors
    /// The cap the connection would pass.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, now: Instant) -> Result<Ticket, Refusal> {
        let mut counts = self.counts();
        let from_ip = counts.per_ip.get(&ip).copied().unwrap_or(0);
        if counts.total >= self.caps.total {
            return Err(Refusal::Full(self.caps.total));
        }
        if from_ip >= self.caps.per_ip {
            return Err(Refusal::PerAddress(self.caps.per_ip));
        }
        if counts.pending >= self.caps.pending {
            // The oldest still logging in leaves, if it has tried long enough; it is
            // counted until its connection has closed (a moment later).
            match counts.logging_in.front() {
                Some((since, _)) if now.saturating_duration_since(*since) >= EVICT_AFTER => {
                    let (_, oldest) = counts.logging_in.pop_front().expect("a front");
                    oldest.evict();
                }
                _ => return Err(Refusal::Busy),
            }
        }
        counts.total += 1;
        counts.pending += 1;
        counts.per_ip.insert(ip, from_ip + 1);
        let eviction = Arc::new(Eviction::default());
        counts.logging_in.push_back((now, Arc::clone(&eviction)));
        Ok(Ticket {
            gate: Arc::clone(self),
            ip,
            pending: AtomicBool::new(true),
            eviction,
        })
    }

    /// Connections held: in all, and of those not logged in.
    pub fn held(&self) -> (usize, usize) {
        let counts = self.counts();
        (counts.total, counts.pending)
    }
}

/// One admitted connection's place in the counts, given back when dropped.
pub struct Ticket {
    gate: Arc<Gate>,
    ip: IpAddr,
    pending: AtomicBool,
    eviction: Arc<Eviction>,
}

impl Ticket {
    /// The connection has logged in: it no longer counts as pending.
    pub fn logged_in(&self) {
        if self.pending.swap(false, Ordering::Relaxed) {
            let mut counts = self.gate.counts();
            counts.pending = counts.pending.saturating_sub(1);
            counts.forget(&self.eviction);
        }
    }

    /// The signal that a newer connection took this one's place before it logged in.
    pub fn eviction(&self) -> Arc<Eviction> {
        Arc::clone(&self.eviction)
    }
}

impl Counts {
    /// A connection no longer logging in leaves the queue of those that may be evicted.
    fn forget(&mut self, eviction: &Arc<Eviction>) {
        self.logging_in.retain(|(_, e)| !Arc::ptr_eq(e, eviction));
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let pending = self.pending.load(Ordering::Relaxed);
        let mut counts = self.gate.counts();
        counts.total = counts.total.saturating_sub(1);
        if pending {
            counts.pending = counts.pending.saturating_sub(1);
            counts.forget(&self.eviction);
        }
        if let Some(n) = counts.per_ip.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.per_ip.remove(&self.ip);
            }
        }
    }
}

/// A connection's stream that fails once `end` resolves (with the reason): the login
/// timeout holds however slowly the client sends (a byte a second included), during the
/// SSH version exchange, the key exchange and authentication alike, and a connection found
/// lost is closed even while its socket is blocked.
pub struct Watched<S> {
    inner: S,
    end: Pin<Box<dyn Future<Output = &'static str> + Send>>,
    ended: Option<&'static str>,
}

impl<S> Watched<S> {
    /// `inner`, closed when `end` resolves.
    pub fn new(inner: S, end: impl Future<Output = &'static str> + Send + 'static) -> Watched<S> {
        Watched {
            inner,
            end: Box::pin(end),
            ended: None,
        }
    }

    fn check(&mut self, cx: &mut Context<'_>) -> std::io::Result<()> {
        if self.ended.is_none() {
            if let Poll::Ready(why) = self.end.as_mut().poll(cx) {
                self.ended = Some(why);
            }
        }
        match self.ended {
            Some(why) => Err(std::io::Error::new(std::io::ErrorKind::TimedOut, why)),
            None => Ok(()),
        }
    }
}

/// What ends a connection: `timeout` passing before `logged_in` is set ("login timeout"),
/// a newer connection taking its place while it logs in (`evicted`), or `lost` being
/// notified ("lost: ...").
pub async fn connection_end(
    timeout: Duration,
    logged_in: Arc<AtomicBool>,
    evicted: Arc<Eviction>,
    lost: Arc<Notify>,
) -> &'static str {
    let deadline = async {
        tokio::time::sleep(timeout).await;
        if logged_in.load(Ordering::Relaxed) {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        () = deadline => "login timeout",
        () = evicted.wait() => "not logged in after 3 s with every login place taken: \
                                 its place given to a newer connection",
        () = lost.notified() => "lost: the client stopped reading",
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        self.check(cx)?;
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.check(cx)?;
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.check(cx)?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The output a connection's app has handed over and the client has not taken yet (the
/// SSH window is closed while the client does not read). Past `max` bytes the connection
/// counts as lost.
pub struct OutputBudget {
    queued: AtomicUsize,
    max: usize,
    lost: AtomicBool,
}

impl OutputBudget {
    /// An empty budget of `max` bytes.
    pub fn new(max: usize) -> Arc<OutputBudget> {
        Arc::new(OutputBudget {
            queued: AtomicUsize::new(0),
            max,
            lost: AtomicBool::new(false),
        })
    }

    /// `n` more bytes to send: false (and the connection lost from now on) when they would
    /// pass the budget.
    pub fn queue(&self, n: usize) -> bool {
        if self.is_lost() {
            return false;
        }
        let before = self.queued.fetch_add(n, Ordering::Relaxed);
        if before.saturating_add(n) > self.max {
            self.lose();
            return false;
        }
        true
    }

    /// `n` queued bytes have gone out.
    pub fn sent(&self, n: usize) {
        let _ = self
            .queued
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |q| {
                Some(q.saturating_sub(n))
            });
    }

    /// The connection is lost (the client stopped reading).
    pub fn lose(&self) {
        self.lost.store(true, Ordering::Relaxed);
    }

    /// Whether the connection is lost.
    pub fn is_lost(&self) -> bool {
        self.lost.load(Ordering::Relaxed)
    }

    /// Bytes queued now.
    #[cfg(test)]
    fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }
}

/// How the accept loop waits after `accept` fails (out of file descriptors, mostly): a
/// growing pause, and one log line per run of failures instead of one per failure.
#[derive(Debug, Default)]
pub struct AcceptBackoff {
    failures: u64,
}

impl AcceptBackoff {
    /// The shortest and longest pause.
    const FIRST: Duration = Duration::from_millis(10);
    const LONGEST: Duration = Duration::from_secs(1);

    /// `accept` failed: how long to wait, and whether this is the first failure of a run
    /// (the one to log).
    pub fn failed(&mut self) -> (Duration, bool) {
        self.failures += 1;
        let doublings = (self.failures - 1).min(16) as u32;
        let pause = Self::FIRST
            .saturating_mul(1 << doublings)
            .min(Self::LONGEST);
        (pause, self.failures == 1)
    }

    /// `accept` worked: the failures of the run that ended, if there was one.
    pub fn succeeded(&mut self) -> Option<u64> {
        let failures = std::mem::take(&mut self.failures);
        (failures > 0).then_some(failures)
    }
}

/// Raises the soft open-file limit to the hard one: each connection holds a descriptor.
/// Returns the limit before and after.
///
/// # Errors
/// When the limit cannot be read or set.
pub fn raise_file_limit() -> Result<(libc::rlim_t, libc::rlim_t), String> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct we own.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(std::io::Error::last_os_error().to_string());
    }
    let before = limit.rlim_cur;
    if limit.rlim_cur < limit.rlim_max {
        limit.rlim_cur = limit.rlim_max;
        // SAFETY: setrlimit reads the struct we own.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } != 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
    }
    Ok((before, limit.rlim_cur))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    fn t0() -> Instant {
        static T0: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        *T0.get_or_init(Instant::now)
    }

    #[test]
    fn when_every_login_place_is_taken_the_oldest_gives_way_after_a_while() {
        let gate = Gate::new(Caps {
            total: 10,
            per_ip: 10,
            pending: 2,
        });
        let s = Duration::from_secs;
        let a = gate.admit(ip(1), t0()).unwrap();
        let b = gate.admit(ip(2), t0() + s(1)).unwrap();
        // Both have tried for less than EVICT_AFTER: the newcomer is told, in words.
        assert_eq!(gate.admit(ip(3), t0() + s(2)).err(), Some(Refusal::Busy));
        assert!(!a.eviction().evicted() && !b.eviction().evicted());
        // Later the oldest (a) gives its place; it counts until its connection closes.
        let c = gate.admit(ip(3), t0() + EVICT_AFTER).unwrap();
        assert!(a.eviction().evicted());
        assert!(!b.eviction().evicted());
        assert_eq!(gate.held(), (3, 3));
        drop(a);
        assert_eq!(gate.held(), (2, 2));
        // b logs in meanwhile: only c is left to give way, and it is too new.
        b.logged_in();
        let d = gate.admit(ip(4), t0() + EVICT_AFTER).unwrap();
        assert_eq!(
            gate.admit(ip(5), t0() + EVICT_AFTER + s(1)).err(),
            Some(Refusal::Busy)
        );
        // Once old enough, c gives way to e, never b (logged in) or d twice.
        let _e = gate.admit(ip(5), t0() + EVICT_AFTER * 2).unwrap();
        assert!(c.eviction().evicted() && !d.eviction().evicted());
        assert!(!b.eviction().evicted());
        // Each eviction let exactly one in: with c and a gone the login places are full.
        drop(c);
        assert_eq!(gate.held(), (3, 2));
    }

    #[tokio::test]
    async fn an_evicted_connection_ends_with_its_reason() {
        let gate = Gate::new(Caps {
            total: 10,
            per_ip: 10,
            pending: 1,
        });
        let a = gate.admit(ip(1), t0()).unwrap();
        let end = connection_end(
            Duration::from_secs(3600),
            Arc::new(AtomicBool::new(false)),
            a.eviction(),
            Arc::new(Notify::new()),
        );
        let _b = gate.admit(ip(2), t0() + EVICT_AFTER).unwrap();
        let why = tokio::time::timeout(Duration::from_secs(10), end)
            .await
            .expect("ended at once");
        assert!(why.contains("newer connection"), "{why}");
    }

    #[test]
    fn the_gate_counts_every_connection_and_gives_places_back() {
        let gate = Gate::new(Caps {
            total: 3,
            per_ip: 2,
            pending: 3,
        });
        let a1 = gate.admit(ip(1), t0()).unwrap();
        let _a2 = gate.admit(ip(1), t0()).unwrap();
        assert_eq!(gate.admit(ip(1), t0()).err(), Some(Refusal::PerAddress(2)));
        let b1 = gate.admit(ip(2), t0()).unwrap();
        // Logged in or not, every connection counts toward the total.
        b1.logged_in();
        assert_eq!(gate.held(), (3, 2));
        assert_eq!(gate.admit(ip(3), t0()).err(), Some(Refusal::Full(3)));
        drop(a1);
        assert_eq!(gate.held(), (2, 1));
        let _a3 = gate.admit(ip(1), t0()).unwrap();
        drop(b1);
        assert_eq!(gate.held(), (2, 2));
    }

    #[test]
    fn connections_not_logged_in_have_their_own_cap() {
        let gate = Gate::new(Caps {
            total: 10,
            per_ip: 10,
            pending: 2,
        });
        let a = gate.admit(ip(1), t0()).unwrap();
        let _b = gate.admit(ip(2), t0()).unwrap();
        assert_eq!(gate.admit(ip(3), t0()).err(), Some(Refusal::Busy));
        a.logged_in();
        a.logged_in();
        assert_eq!(gate.held(), (2, 1));
        assert!(gate.admit(ip(3), t0()).is_ok());
    }

    #[test]
    fn refusals_are_one_line_of_words() {
        for refusal in [Refusal::Full(64), Refusal::PerAddress(4), Refusal::Busy] {
            let text = refusal.to_string();
            assert!(!text.contains(['\n', '\r']), "{text}");
            assert!(text.contains("try again") || text.contains("connect again"));
        }
        assert!(Refusal::Full(64).to_string().contains("full (64"));
    }

    #[test]
    fn the_output_budget_is_spent_and_given_back_and_lost_for_good() {
        let budget = OutputBudget::new(100);
        assert!(budget.queue(60));
        assert!(budget.queue(40));
        budget.sent(50);
        assert_eq!(budget.queued(), 50);
        assert!(budget.queue(50));
        assert!(!budget.is_lost());
        assert!(!budget.queue(1));
        assert!(budget.is_lost());
        budget.sent(100);
        assert!(!budget.queue(1), "a lost connection stays lost");
    }

    #[test]
    fn accept_failures_back_off_and_log_once_per_run() {
        let mut backoff = AcceptBackoff::default();
        let (first, log) = backoff.failed();
        assert_eq!((first, log), (Duration::from_millis(10), true));
        let mut pauses = vec![first];
        for _ in 0..20 {
            let (pause, log) = backoff.failed();
            assert!(!log);
            pauses.push(pause);
        }
        assert!(pauses.windows(2).all(|w| w[0] <= w[1]), "{pauses:?}");
        assert_eq!(*pauses.last().unwrap(), Duration::from_secs(1));
        assert_eq!(backoff.succeeded(), Some(21));
        assert_eq!(backoff.succeeded(), None);
        assert_eq!(backoff.failed(), (Duration::from_millis(10), true));
    }

    #[tokio::test]
    async fn a_stream_not_logged_in_fails_at_its_deadline_and_one_logged_in_does_not() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (client, server) = tokio::io::duplex(64);
        let end = connection_end(
            Duration::from_millis(50),
            Arc::new(AtomicBool::new(false)),
            Arc::new(Eviction::default()),
            Arc::new(Notify::new()),
        );
        let mut watched = Watched::new(server, end);
        let mut buf = [0u8; 8];
        let err = watched.read(&mut buf).await.unwrap_err();
        assert_eq!(err.to_string(), "login timeout");
        drop(client);

        let flag = Arc::new(AtomicBool::new(false));
        let lost = Arc::new(Notify::new());
        let (mut client, server) = tokio::io::duplex(64);
        let end = connection_end(
            Duration::from_millis(50),
            Arc::clone(&flag),
            Arc::new(Eviction::default()),
            Arc::clone(&lost),
        );
        let mut watched = Watched::new(server, end);
        flag.store(true, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(80)).await;
        client.write_all(b"hi").await.unwrap();
        assert_eq!(watched.read(&mut buf).await.unwrap(), 2);
        // Found lost later: a read that waits is woken and fails.
        lost.notify_one();
        let err = watched.read(&mut buf).await.unwrap_err();
        assert!(err.to_string().starts_with("lost"), "{err}");
    }
}
