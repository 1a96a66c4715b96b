//! When to try a lost link again: a pure schedule over a clock the caller passes in (the tests
//! use a fake one). Waits grow from `first`, doubling up to `longest`, each shortened by up to a
//! fifth by the caller's jitter (so many clients that lost one server do not come back in step);
//! after `give_up_after` of failures in a row it stops, and the person decides (Ctrl+R).

use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BackoffPolicy {
    pub first: Duration,
    pub longest: Duration,
    /// How long failures may go on before giving up.
    pub give_up_after: Duration,
}

impl Default for BackoffPolicy {
    fn default() -> Self {
        BackoffPolicy {
            first: Duration::from_millis(500),
            longest: Duration::from_secs(30),
            give_up_after: Duration::from_secs(5 * 60),
        }
    }
}

/// What to do after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// Try again at `at`; it will be attempt number `attempt` (the first retry is 2).
    RetryAt { at: Instant, attempt: u32 },
    /// Stop: `attempts` failed over `trying` since the first failure.
    GiveUp { attempts: u32, trying: Duration },
}

/// The state of one run of attempts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Backoff {
    policy: BackoffPolicy,
    /// Failed attempts so far in this run.
    failures: u32,
    since: Option<Instant>,
}

impl Backoff {
    pub(crate) fn new(policy: BackoffPolicy) -> Backoff {
        Backoff {
            policy,
            failures: 0,
            since: None,
        }
    }

    /// An attempt failed at `now`. `jitter` in `[0, 1)` shortens the wait by up to a fifth.
    pub(crate) fn failed(&mut self, now: Instant, jitter: f64) -> Next {
        let since = *self.since.get_or_insert(now);
        self.failures = self.failures.saturating_add(1);
        let trying = now.saturating_duration_since(since);
        let wait = self.wait(jitter);
        if trying.saturating_add(wait) > self.policy.give_up_after {
            return Next::GiveUp {
                attempts: self.failures,
                trying,
            };
        }
        Next::RetryAt {
            at: now + wait,
            attempt: self.failures + 1,
        }
    }

    /// An attempt worked: the next loss starts from the first wait again.
    #[cfg(test)]
    pub(crate) fn succeeded(&mut self) {
        self.failures = 0;
        self.since = None;
    }

    /// The wait after the latest failure: `first · 2^(failures-1)`, at most `longest`, less the
    /// jitter's share.
    fn wait(&self, jitter: f64) -> Duration {
        let doublings = self.failures.saturating_sub(1).min(20);
        let full = self
            .policy
            .first
            .saturating_mul(1u32 << doublings)
            .min(self.policy.longest);
        let jitter = if jitter.is_finite() {
            jitter.clamp(0.0, 0.999)
        } else {
            0.0
        };
        full.mul_f64(1.0 - jitter / 5.0)
    }
}

/// A jitter in `[0, 1)` from the clock's nanoseconds: no generator needed for this.
pub(crate) fn clock_jitter() -> f64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    f64::from(nanos % 1000) / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> BackoffPolicy {
        BackoffPolicy {
            first: Duration::from_millis(500),
            longest: Duration::from_secs(4),
            give_up_after: Duration::from_secs(20),
        }
    }

    #[test]
    fn waits_double_up_to_the_longest_then_give_up() {
        let start = Instant::now();
        let mut clock = start;
        let mut backoff = Backoff::new(policy());
        let mut waits = Vec::new();
        loop {
            match backoff.failed(clock, 0.0) {
                Next::RetryAt { at, attempt } => {
                    assert_eq!(attempt as usize, waits.len() + 2);
                    waits.push(at - clock);
                    clock = at;
                }
                Next::GiveUp { attempts, trying } => {
                    assert_eq!(attempts as usize, waits.len() + 1);
                    assert_eq!(trying, clock - start);
                    break;
                }
            }
        }
        let ms: Vec<u128> = waits.iter().map(Duration::as_millis).collect();
        // 0.5+1+2+4+4+4+4 = 19.5 s; the next 4 s would pass 20 s.
        assert_eq!(ms, [500, 1000, 2000, 4000, 4000, 4000, 4000]);
    }

    #[test]
    fn jitter_shortens_by_at_most_a_fifth_and_bad_jitter_is_ignored() {
        let now = Instant::now();
        let wait = |jitter: f64| match Backoff::new(policy()).failed(now, jitter) {
            Next::RetryAt { at, .. } => at - now,
            other => panic!("{other:?}"),
        };
        assert_eq!(wait(0.0), Duration::from_millis(500));
        assert_eq!(wait(0.5), Duration::from_millis(450));
        assert!(wait(0.999_999) >= Duration::from_millis(400));
        assert_eq!(wait(f64::NAN), Duration::from_millis(500));
        assert_eq!(wait(-3.0), Duration::from_millis(500));
    }

    #[test]
    fn a_success_starts_the_schedule_over() {
        let now = Instant::now();
        let mut backoff = Backoff::new(policy());
        backoff.failed(now, 0.0);
        backoff.failed(now + Duration::from_secs(1), 0.0);
        backoff.succeeded();
        let later = now + Duration::from_secs(60);
        assert_eq!(
            backoff.failed(later, 0.0),
            Next::RetryAt {
                at: later + Duration::from_millis(500),
                attempt: 2
            }
        );
    }

    #[test]
    fn many_failures_never_overflow() {
        let now = Instant::now();
        let mut backoff = Backoff::new(BackoffPolicy {
            give_up_after: Duration::MAX,
            ..policy()
        });
        for _ in 0..100 {
            backoff.failed(now, 0.0);
        }
        assert!(matches!(
            backoff.failed(now, 0.0),
            Next::RetryAt { attempt: 102, .. }
        ));
    }
}
