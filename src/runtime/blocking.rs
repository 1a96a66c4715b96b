//! File and process work off the loop's thread (tokio's blocking pool), bounded. The pool
//! itself queues without limit once its threads are busy: work that never ends (a read that
//! hangs) would fill it, and everything queued after (an export, a restore, a paste) would
//! silently never run. Here at most [`MAX_AT_ONCE`] pieces run or wait; past that, work is
//! refused at once with a reason the person sees, in the place its result would be shown.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Pieces of blocking work running or queued at once.
pub(crate) const MAX_AT_ONCE: usize = 64;

/// A count of places taken, against a bound.
#[derive(Debug)]
pub(crate) struct Places {
    taken: AtomicUsize,
    max: usize,
}

static POOL: Places = Places::new(MAX_AT_ONCE);

impl Places {
    pub(crate) const fn new(max: usize) -> Self {
        Places {
            taken: AtomicUsize::new(0),
            max,
        }
    }

    /// A place for one more piece of work, or why there is none.
    pub(crate) fn admit(&'static self) -> Result<Permit, String> {
        if self.taken.fetch_add(1, Ordering::SeqCst) >= self.max {
            self.taken.fetch_sub(1, Ordering::SeqCst);
            return Err(format!(
                "tern is busy: {} pieces of file work are still running (a slow disk?); \
                 try again in a moment",
                self.max
            ));
        }
        Ok(Permit(self))
    }
}

/// A place in the pool, held by the work until it ends (also by a panic).
#[derive(Debug)]
pub(crate) struct Permit(&'static Places);

impl Drop for Permit {
    fn drop(&mut self) {
        self.0.taken.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Permit {
    /// Runs `work` on the blocking pool, holding this place until it ends.
    pub(crate) fn spawn(self, work: impl FnOnce() + Send + 'static) {
        tokio::task::spawn_blocking(move || {
            let _held = self;
            work();
        });
    }
}

/// A place in tern's blocking pool for one more piece of work, or why there is none.
pub(crate) fn admit() -> Result<Permit, String> {
    POOL.admit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_bound_work_is_refused_with_a_reason_and_a_place_comes_back() {
        let places: &'static Places = Box::leak(Box::new(Places::new(2)));
        let first = places.admit().unwrap();
        let _second = places.admit().unwrap();
        let why = places.admit().unwrap_err();
        assert!(why.contains("tern is busy"), "{why}");
        drop(first);
        assert!(places.admit().is_ok(), "a place freed is given again");
    }

    #[tokio::test]
    async fn a_place_is_given_back_when_the_work_ends_even_by_a_panic() {
        let places: &'static Places = Box::leak(Box::new(Places::new(1)));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        places.admit().unwrap().spawn(move || {
            let _tx = tx;
            panic!("work that fails");
        });
        let _ = rx.await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while places.admit().is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "the place never came back"
            );
            tokio::task::yield_now().await;
        }
    }
}
