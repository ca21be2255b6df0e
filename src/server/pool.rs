//! A bounded pool of AI search threads shared by every connection, so one server's CPU is
//! shared fairly: at most `workers` searches run at once and the others wait their turn,
//! first come first served.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};

/// A search waiting for a worker.
type Task = Box<dyn FnOnce() + Send>;

/// The pool.
pub struct SearchPool {
    queue: Arc<(Mutex<VecDeque<Task>>, Condvar)>,
    workers: usize,
}

impl std::fmt::Debug for SearchPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchPool")
            .field("workers", &self.workers)
            .field("waiting", &self.waiting())
            .finish()
    }
}

impl SearchPool {
    /// A pool of `workers` threads (at least one).
    pub fn new(workers: usize) -> SearchPool {
        let workers = workers.max(1);
        let queue: Arc<(Mutex<VecDeque<Task>>, Condvar)> =
            Arc::new((Mutex::new(VecDeque::new()), Condvar::new()));
        for i in 0..workers {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("ai-{i}"))
                .spawn(move || loop {
                    let task = {
                        let (lock, ready) = &*queue;
                        let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
                        loop {
                            if let Some(t) = q.pop_front() {
                                break t;
                            }
                            q = ready.wait(q).unwrap_or_else(|e| e.into_inner());
                        }
                    };
                    // A panicking search must not take the worker with it.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(task));
                })
                .expect("a search thread starts");
        }
        SearchPool { queue, workers }
    }

    /// How many searches run at once.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Queues a search.
    pub fn submit(&self, task: impl FnOnce() + Send + 'static) {
        let (lock, ready) = &*self.queue;
        lock.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(Box::new(task));
        ready.notify_one();
    }

    /// Searches waiting for a worker.
    pub fn waiting(&self) -> usize {
        self.queue.0.lock().map_or(0, |q| q.len())
    }
}
