//! Deltas of one item in a row, applied as one. While an answer streams, a batch from the
//! server is mostly deltas of the same message; each applied alone paid what every event costs
//! beyond its text (the chores after an event, finding the thread and the cell, a notification's
//! four strings) fifty times a batch. Joined, the text arrives the same, in the same order: every
//! applier of a delta appends text and follows it as a stream, so where it was cut never mattered.

use crate::rpc::Inbound;

/// A run stops growing at this many bytes: a server's pieces can be large (a line may hold
/// megabytes), and joining them must not hold a copy of many at once. Past it each piece is
/// applied alone, as before runs were joined.
pub(crate) const MAX_JOINED_BYTES: usize = 64 << 10;

/// `first` with the deltas that follow it for the same item joined on, taking messages from
/// `next` while fewer than `room` were taken in all. Returns the message to apply, the message
/// that ended the run (to apply after it), and how many messages were taken from `next`.
pub(crate) fn join_delta_run(
    first: Inbound,
    room: usize,
    mut next: impl FnMut() -> Option<Inbound>,
) -> (Inbound, Option<Inbound>, usize) {
    let Inbound::Delta(of, mut delta) = first else {
        return (first, None, 0);
    };
    let mut taken = 0;
    while taken < room && delta.delta.len() < MAX_JOINED_BYTES {
        let Some(message) = next() else {
            break;
        };
        taken += 1;
        match message {
            Inbound::Delta(more_of, more)
                if more_of == of
                    && more.item_id == delta.item_id
                    && more.turn_id == delta.turn_id
                    && more.thread_id == delta.thread_id =>
            {
                delta.delta.push_str(&more.delta);
            }
            other => return (Inbound::Delta(of, delta), Some(other), taken),
        }
    }
    (Inbound::Delta(of, delta), None, taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::delta_line::DeltaOf;
    use crate::protocol::DeltaNotification;

    fn delta(of: DeltaOf, item: &str, text: &str) -> Inbound {
        Inbound::Delta(
            of,
            DeltaNotification {
                thread_id: "t".into(),
                turn_id: "u".into(),
                item_id: item.into(),
                delta: text.into(),
            },
        )
    }

    fn text(message: &Inbound) -> String {
        match message {
            Inbound::Delta(_, d) => format!("{}:{}", d.item_id, d.delta),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn deltas_of_one_item_are_joined_until_another_message() {
        let mut queue = vec![
            delta(DeltaOf::AgentMessage, "m", "b"),
            delta(DeltaOf::AgentMessage, "m", "c\n"),
            delta(DeltaOf::AgentMessage, "other", "x"),
            delta(DeltaOf::AgentMessage, "m", "d"),
        ]
        .into_iter();
        let first = delta(DeltaOf::AgentMessage, "m", "a");
        let (joined, after, taken) = join_delta_run(first, 64, || queue.next());
        assert_eq!(text(&joined), "m:abc\n");
        assert_eq!(text(&after.expect("the other item's delta")), "other:x");
        assert_eq!(taken, 3);
        assert_eq!(queue.len(), 1, "nothing read past the run's end");
    }

    #[test]
    fn another_kind_a_non_delta_or_the_room_ends_a_run() {
        let mut queue = vec![delta(DeltaOf::CommandOutput, "m", "out")].into_iter();
        let (joined, after, _) =
            join_delta_run(delta(DeltaOf::AgentMessage, "m", "a"), 64, || queue.next());
        assert_eq!(text(&joined), "m:a");
        assert_eq!(text(&after.unwrap()), "m:out");

        let mut queue = vec![Inbound::Problem("p".into())].into_iter();
        let (_, after, _) =
            join_delta_run(delta(DeltaOf::AgentMessage, "m", "a"), 64, || queue.next());
        assert!(matches!(after, Some(Inbound::Problem(_))));

        let mut queue = (0..10)
            .map(|i| delta(DeltaOf::AgentMessage, "m", &i.to_string()))
            .collect::<Vec<_>>()
            .into_iter();
        let (joined, after, taken) =
            join_delta_run(delta(DeltaOf::AgentMessage, "m", "a"), 3, || queue.next());
        assert_eq!(
            (text(&joined), after.is_none(), taken),
            ("m:a012".into(), true, 3)
        );

        let big = "x".repeat(MAX_JOINED_BYTES);
        let mut queue = vec![delta(DeltaOf::AgentMessage, "m", "next")].into_iter();
        let (joined, after, taken) =
            join_delta_run(delta(DeltaOf::AgentMessage, "m", &big), 64, || queue.next());
        assert_eq!(
            (text(&joined).len(), after.is_none(), taken),
            (big.len() + 2, true, 0)
        );
        assert_eq!(queue.len(), 1, "a run at its bound takes nothing more");

        let (alone, after, taken) = join_delta_run(Inbound::Problem("p".into()), 64, || {
            panic!("a message that is no delta takes nothing more")
        });
        assert!(matches!(
            (alone, after, taken),
            (Inbound::Problem(_), None, 0)
        ));
    }
}
