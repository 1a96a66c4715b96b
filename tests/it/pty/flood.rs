//! No flood holds the keys: the tern binary in a pseudo-terminal against the fake app-server
//! flooding it (an endless stream of deltas, 50 MB of command output, 20k announced turns). A
//! key typed during the flood shows, and Ctrl+C or SIGTERM ends tern with the terminal
//! restored. The deadlines are hang guards (`support::floods`); the budgets (Ctrl+C within
//! 1 s, echo within 100 ms) are measured by the bench binary's `flood_keys`, which prints them.

use crate::support::floods::{
    announced_turns, delta_flood, echo, flooded, leaves_on, output_flood_50mb,
};

#[test]
fn an_endless_stream_of_deltas_lets_keys_through_and_ctrl_c_leaves() {
    let (_fake, mut tern) = flooded(vec![delta_flood(None)], "flood word");
    echo(&tern, "zq");
    leaves_on(&mut tern, "ctrl-c");
}

#[test]
fn sigterm_during_an_endless_stream_leaves_and_restores_the_terminal() {
    let (_fake, mut tern) = flooded(vec![delta_flood(None)], "flood word");
    leaves_on(&mut tern, "sigterm");
}

#[test]
fn fifty_megabytes_of_command_output_let_keys_through_and_ctrl_c_leaves() {
    let (_fake, mut tern) = flooded(output_flood_50mb(), "y output line");
    echo(&tern, "zq");
    leaves_on(&mut tern, "ctrl-c");
}

#[test]
fn twenty_thousand_announced_turns_let_keys_through_and_ctrl_c_leaves() {
    let (_fake, mut tern) = flooded(announced_turns(20_000), "turn completed");
    echo(&tern, "zq");
    leaves_on(&mut tern, "ctrl-c");
}
