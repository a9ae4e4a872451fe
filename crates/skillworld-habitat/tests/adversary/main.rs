//! Attacks on the habitat (issue 16), each as a test through the real
//! server over HTTP with the token an attacker would hold. Every attack
//! module also keeps the benign path beside it working.
//!
//! One module per attack family; `support` starts servers and speaks HTTP.

mod support;

mod agents;
mod preflight;
mod secrets;
mod snapshots;
mod zip_bombs;
