//! Work spread over the machine's cores: the loader reads a module's files at once, and the
//! renderers build their output in runs.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, PoisonError};

/// The most threads one call works on at once, however many cores there are: a module's work
/// is a few tens of milliseconds, which more threads would mostly spend starting.
const MAX_WORKERS: usize = 8;

/// How many tasks work is cut into for each worker ([`workers`]): more than one, so that a
/// worker slowed by other work on its core leaves tasks to the others.
pub(crate) const TASKS_PER_WORKER: usize = 4;

/// How many threads [`map`] works on at once: the cores available, at most [`MAX_WORKERS`].
/// Asked once per process (on Linux the answer reads cgroup files).
pub(crate) fn workers() -> usize {
    static WORKERS: OnceLock<usize> = OnceLock::new();
    *WORKERS.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .min(MAX_WORKERS)
    })
}

/// `f` applied to every item, with the results in item order, on up to [`workers`] threads,
/// the calling thread among them (which does everything itself when there is one item or one
/// core, or when no thread can be spawned). Items are handed out one at a time, so that uneven
/// ones even out. A panic in `f` is resumed on the caller.
pub(crate) fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = workers().min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, f(item)));
        }
    };
    let mut results: Vec<Option<R>> = items.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut batches = Vec::with_capacity(handles.len() + 1);
        batches.push(work());
        for handle in handles {
            batches.push(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        for (i, r) in batches.into_iter().flatten() {
            results[i] = Some(r);
        }
    });
    results
        .into_iter()
        .map(|r| r.expect("every item was taken by a worker"))
        .collect()
}

/// `main` on the calling thread while `side` runs on a thread of its own, started first; both
/// results. With one core, or when no thread can be started, the caller runs both. A panic in
/// `side` is resumed on the caller.
pub(crate) fn beside<M, S: Send>(
    side: impl FnOnce() -> S + Send,
    main: impl FnOnce() -> M,
) -> (M, S) {
    if workers() <= 1 {
        let s = side();
        return (main(), s);
    }
    let side = std::sync::Mutex::new(Some(side));
    let run_side = || {
        let f = side
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        f.map(|f| f())
    };
    std::thread::scope(|scope| {
        let helper = std::thread::Builder::new()
            .spawn_scoped(scope, run_side)
            .ok();
        let m = main();
        let s = helper
            .and_then(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .or_else(run_side)
            .expect("the side task runs once");
        (m, s)
    })
}

/// Items worked on while they are still being made: the maker gives each one to the feed
/// ([`Feed::give`]) as soon as it has it, and the feed's workers take them in turn
/// ([`Feed::run`]).
pub(crate) struct Feed<T> {
    state: Mutex<FeedState<T>>,
    ready: Condvar,
}

struct FeedState<T> {
    /// Every item given so far; `None` once a worker took it.
    items: Vec<Option<T>>,
    /// The first item no worker took yet.
    next: usize,
    /// Whether the maker is done.
    closed: bool,
    /// How many workers wait for an item: only then does giving one wake a worker (a system
    /// call each time, a tenth of what reading a small block costs).
    waiting: usize,
}

impl<T: Send> Feed<T> {
    pub(crate) fn new() -> Feed<T> {
        Feed {
            state: Mutex::new(FeedState {
                items: Vec::new(),
                next: 0,
                closed: false,
                waiting: 0,
            }),
            ready: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, FeedState<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `item` to the workers.
    pub(crate) fn give(&self, item: T) {
        let wake = {
            let mut feed = self.lock();
            feed.items.push(Some(item));
            feed.waiting > 0
        };
        if wake {
            self.ready.notify_one();
        }
    }

    fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }

    /// `produce` on the calling thread, which gives the feed its items, while up to
    /// `workers - 1` threads apply `work` to the items given so far; the calling thread joins
    /// them once `produce` returns. Each worker's `state` is made by `init` and kept from item to
    /// item. The results are in the order the items were given. With one worker, or when no
    /// thread can be started, the calling thread works on every item after `produce`. A panic
    /// in `work` is resumed on the caller; one in `produce` still lets the workers finish.
    pub(crate) fn run<P, S, R: Send>(
        &self,
        workers: usize,
        produce: impl FnOnce() -> P,
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, T) -> R + Sync,
    ) -> (P, Vec<R>) {
        /// Closes the feed however `produce` ends, so that no worker waits for ever.
        struct Closer<'f, T: Send>(&'f Feed<T>);
        impl<T: Send> Drop for Closer<'_, T> {
            fn drop(&mut self) {
                self.0.close();
            }
        }
        let take = || {
            let mut state = init();
            let mut done = Vec::new();
            loop {
                let (i, item) = {
                    let mut feed = self.lock();
                    loop {
                        if feed.next < feed.items.len() {
                            let i = feed.next;
                            feed.next += 1;
                            let item = feed.items[i].take().expect("each item is taken once");
                            break (i, item);
                        }
                        if feed.closed {
                            return done;
                        }
                        feed.waiting += 1;
                        feed = self
                            .ready
                            .wait(feed)
                            .unwrap_or_else(PoisonError::into_inner);
                        feed.waiting -= 1;
                    }
                };
                done.push((i, work(&mut state, item)));
            }
        };
        let (made, batches) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..workers.min(MAX_WORKERS))
                .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, take).ok())
                .collect();
            let made = {
                let _closer = Closer(self);
                produce()
            };
            let mut batches = vec![take()];
            for helper in helpers {
                batches.push(
                    helper
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                );
            }
            (made, batches)
        });
        let mut results: Vec<(usize, R)> = batches.into_iter().flatten().collect();
        results.sort_unstable_by_key(|&(i, _)| i);
        (made, results.into_iter().map(|(_, r)| r).collect())
    }
}

/// Drops `value` on a thread of its own, so that the caller goes on with its work (or returns
/// from the macro) while a large tree of small allocations is freed on another core. Drops it
/// in place when no thread can be started.
pub(crate) fn drop_beside<T: Send + 'static>(value: T) {
    // On failure `spawn` drops the closure, and with it the value, right here.
    let _ = std::thread::Builder::new()
        .name("tfvars-drop".into())
        .spawn(move || drop(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_item_order() {
        let items: Vec<u64> = (0..1000).collect();
        let out = map(&items, |&n| n * n);
        assert_eq!(out, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert!(map(&[] as &[u8], |&b| b).is_empty());
    }

    #[test]
    fn a_feed_keeps_the_order_items_were_given_in() {
        let feed = Feed::new();
        let (made, out) = feed.run(
            3,
            || {
                for n in 0..2000u64 {
                    feed.give(n);
                }
                "made"
            },
            || 0u64,
            |seen, n| {
                *seen += 1;
                n * n
            },
        );
        assert_eq!(made, "made");
        assert_eq!(out, (0..2000u64).map(|n| n * n).collect::<Vec<_>>());
        let empty: Feed<u8> = Feed::new();
        assert!(empty.run(2, || (), || (), |_, b| b).1.is_empty());
    }

    #[test]
    fn a_feed_whose_maker_or_worker_panics_ends_with_the_panic() {
        let feed = Feed::new();
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            feed.run(
                2,
                || {
                    feed.give(1);
                    panic!("the maker fails")
                },
                || (),
                |_, n: u32| n,
            )
        }));
        assert!(caught.is_err());
        let feed = Feed::new();
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            feed.run(
                2,
                || (0..100).for_each(|n| feed.give(n)),
                || (),
                |_, n: u32| if n == 57 { panic!("a worker fails") } else { n },
            )
        }));
        assert!(caught.is_err());
    }

    #[test]
    fn the_side_task_runs_once_beside_the_main_one() {
        let runs = AtomicUsize::new(0);
        let (main, side) = beside(|| runs.fetch_add(1, Ordering::Relaxed) + 10, || "main");
        assert_eq!((main, side), ("main", 10));
        assert_eq!(runs.load(Ordering::Relaxed), 1);
        let caught = std::panic::catch_unwind(|| beside(|| panic!("side fails"), || 1));
        assert!(caught.is_err());
    }

    #[test]
    fn a_value_dropped_beside_is_dropped() {
        struct Signal(std::sync::mpsc::Sender<()>);
        impl Drop for Signal {
            fn drop(&mut self) {
                let _ = self.0.send(());
            }
        }
        let (tx, rx) = std::sync::mpsc::channel();
        drop_beside(Signal(tx));
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .expect("the value is dropped");
    }

    #[test]
    fn a_panic_reaches_the_caller() {
        let caught = std::panic::catch_unwind(|| {
            map(&[1, 2, 3], |&n| {
                assert_ne!(n, 2, "item two fails");
                n
            })
        });
        assert!(caught.is_err());
    }
}
