//! The store's writes, on a thread of their own: a move must reach the opponent, and the
//! mover's next key be read, without waiting for the disk. Each write waited for its
//! `fsync` on the mover's thread under the store's one lock, so that with a hundred games
//! at once a move could wait behind a hundred others' syncs (seconds at the 99th
//! percentile). The writer takes what has queued up since its last write and stores it in
//! order, the games in progress in one transaction, each room once (its latest state).

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, Weak};

use super::store::{FinishedGame, LiveRoom, PlayerRow, RatingRow};
use super::Shared;

/// A write for the store.
#[derive(Debug)]
pub enum Write {
    /// A game in progress changed (see `Effect::Live`).
    Live(Box<LiveRoom>),
    /// A game is over, with the ratings it changed (see `Effect::GameOver`).
    GameOver {
        room: u64,
        game: Box<FinishedGame>,
        ratings: Vec<RatingRow>,
    },
    /// A new player.
    Player(PlayerRow),
}

/// What the writer's queue holds: a game in progress (`L`), another write (`W`), or a
/// request to be told when everything before it is stored.
enum Job<L, W> {
    Live(L),
    Other(W),
    Flush(Sender<()>),
}

/// What the writer does with a batch, in order.
#[derive(Debug)]
enum Step<L, W> {
    /// Store these games in progress, in one transaction.
    Lives(Vec<L>),
    Other(W),
    Done(Sender<()>),
}

/// A batch's steps: the jobs in order, the games in progress between two other writes
/// stored together, each room once in its latest state (`id` names a room).
fn plan<L, W>(jobs: Vec<Job<L, W>>, id: impl Fn(&L) -> u64) -> Vec<Step<L, W>> {
    let mut steps = Vec::new();
    let mut lives: Vec<L> = Vec::new();
    for job in jobs {
        match job {
            Job::Live(room) => match lives.iter_mut().find(|r| id(r) == id(&room)) {
                Some(old) => *old = room,
                None => lives.push(room),
            },
            Job::Other(write) => {
                if !lives.is_empty() {
                    steps.push(Step::Lives(std::mem::take(&mut lives)));
                }
                steps.push(Step::Other(write));
            }
            Job::Flush(done) => {
                if !lives.is_empty() {
                    steps.push(Step::Lives(std::mem::take(&mut lives)));
                }
                steps.push(Step::Done(done));
            }
        }
    }
    if !lives.is_empty() {
        steps.push(Step::Lives(lives));
    }
    steps
}

type Queued = Job<LiveRoom, Write>;

/// The sending end of the writer thread.
pub struct Writer {
    tx: Mutex<Sender<Queued>>,
}

impl Writer {
    /// Starts the writer thread for `shared` (it ends when the server's `Shared` is gone).
    pub fn spawn(shared: Weak<Shared>) -> Writer {
        let (tx, rx) = mpsc::channel();
        let started = std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || run(&shared, &rx));
        if let Err(e) = started {
            // Without a thread of its own, writes are lost: say so once (the queue
            // then fails and `send` logs nothing more).
            eprintln!("rankup: the store's writer could not start: {e}");
        }
        Writer { tx: Mutex::new(tx) }
    }

    /// Queues `write`; it is stored soon, after every write queued before it.
    pub fn send(&self, write: Write) {
        let job = match write {
            Write::Live(room) => Job::Live(*room),
            write => Job::Other(write),
        };
        let tx = self.tx.lock().unwrap_or_else(|e| e.into_inner());
        let _ = tx.send(job);
    }

    /// Waits until every write queued so far is stored (at stop, before the store is
    /// closed).
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        {
            let tx = self.tx.lock().unwrap_or_else(|e| e.into_inner());
            if tx.send(Job::Flush(done)).is_err() {
                return;
            }
        }
        let _ = wait.recv();
    }
}

fn run(shared: &Weak<Shared>, rx: &Receiver<Queued>) {
    while let Ok(first) = rx.recv() {
        // Everything queued meanwhile goes with it.
        let jobs: Vec<Queued> = std::iter::once(first).chain(rx.try_iter()).collect();
        let Some(shared) = shared.upgrade() else {
            return;
        };
        for step in plan(jobs, |room| room.id) {
            match step {
                Step::Lives(rooms) => shared.store_lives(&rooms),
                Step::Other(write) => shared.store_now(write),
                Step::Done(done) => {
                    let _ = done.send(());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{plan, Job, Step};

    #[test]
    fn a_batch_keeps_the_order_and_stores_each_room_once_in_its_latest_state() {
        let (done, told) = std::sync::mpsc::channel();
        let jobs = vec![
            Job::Live((1, "a1")),
            Job::Live((2, "b1")),
            Job::Live((1, "a2")),
            Job::Other("room 2 over"),
            Job::Live((2, "b2")),
            Job::Flush(done),
            Job::Live((3, "c1")),
        ];
        let steps: Vec<String> = plan(jobs, |l: &(u64, &str)| l.0)
            .into_iter()
            .map(|s| match s {
                Step::Lives(l) => format!("{l:?}"),
                Step::Other(w) => w.to_string(),
                Step::Done(d) => {
                    d.send(()).unwrap();
                    "done".into()
                }
            })
            .collect();
        assert_eq!(
            steps,
            [
                r#"[(1, "a2"), (2, "b1")]"#,
                "room 2 over",
                r#"[(2, "b2")]"#,
                "done",
                r#"[(3, "c1")]"#
            ]
        );
        assert!(told.try_recv().is_ok());
    }
}
