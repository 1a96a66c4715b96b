//! How fast keys get through a flood from the hostile fake app-server, and how fast Ctrl+C or
//! SIGTERM ends tern: the budgets are an echo within 100 ms and an exit within 1 s under each
//! flood (`pty::flood` checks that they get through at all, with hang guards). Prints figures.

use crate::support::floods::{
    announced_turns, child_flood, delta_flood, echo, flooded, leaves_on, output_flood_50mb,
};
use serde_json::Value;

/// The budgets: Ctrl+C within 1 s and an echo within 100 ms under each flood. Prints figures.
#[test]
#[ignore = "benchmark: prints figures"]
fn bench_flood_keys() {
    let floods: Vec<(&str, Vec<Value>, &str)> = vec![
        ("endless deltas", vec![delta_flood(None)], "flood word"),
        (
            "200k deltas",
            vec![delta_flood(Some(200_000))],
            "flood word",
        ),
        ("50 MB command output", output_flood_50mb(), "y output line"),
        (
            "20k announced turns",
            announced_turns(20_000),
            "turn completed",
        ),
    ];
    for (name, flood, visible) in floods {
        for how in ["ctrl-c", "sigterm"] {
            let (_fake, mut tern) = flooded(flood.clone(), visible);
            let echoed = echo(&tern, "zq");
            let left = leaves_on(&mut tern, how);
            println!(
                "{name:<22} key echo {:>7.1} ms (budget 100 ms) · {how:<7} → exit {:>7.1} ms (budget 1000 ms)",
                echoed.as_secs_f64() * 1e3,
                left.as_secs_f64() * 1e3
            );
        }
    }
}

/// A sub-agent streaming forever in its own thread while the person types in the parent (issue
/// 21): the same budgets. Prints figures.
#[test]
#[ignore = "benchmark: prints figures"]
fn bench_child_flood_keys() {
    for how in ["ctrl-c", "sigterm"] {
        let (_fake, mut tern) = flooded(child_flood(), "Spawned");
        let echoed: Vec<f64> = ["zq", "wx", "vy"]
            .iter()
            .map(|keys| echo(&tern, keys).as_secs_f64() * 1e3)
            .collect();
        let left = leaves_on(&mut tern, how);
        println!(
            "child streaming forever  key echo {:>6.1} / {:>6.1} / {:>6.1} ms (budget 100 ms) · {how:<7} → exit {:>7.1} ms (budget 1000 ms)",
            echoed[0],
            echoed[1],
            echoed[2],
            left.as_secs_f64() * 1e3
        );
    }
}
