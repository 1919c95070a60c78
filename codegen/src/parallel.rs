//! Work spread over the machine's cores: the loader reads a module's files at once, and the
//! renderers build their output in runs.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

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
