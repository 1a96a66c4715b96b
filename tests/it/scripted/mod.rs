//! The real event loop and the demo server, in-process: scripted sessions against an in-memory
//! peer on a recording backend, a server swapped after it dies, input read before a flood.

mod demo_agents;
mod demo_mcp_skills;
mod demo_steer_search;
mod file_search_race;
mod input_first;
mod remote_dial;
mod remote_scale;
mod restart;
mod session;
mod threads_apart;
