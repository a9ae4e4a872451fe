//! Attacks on the habitat, through the real server over HTTP with the
//! tokens an attacker holds (issue 16). Each attack must fail with a clear
//! error while the benign path beside it keeps working.
//!
//! One module per attack family; `support` starts servers and speaks HTTP.

mod agents;
mod approval;
mod content;
mod grants;
mod preflight;
mod secrets;
mod signatures;
mod snapshots;
mod support;
mod urls;
mod zip_bombs;
