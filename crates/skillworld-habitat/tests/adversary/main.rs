//! Attacks on the habitat, through the real server over HTTP with the
//! tokens an attacker holds (issue 16). Each attack must fail with a clear
//! error while the benign path beside it keeps working.

mod content;
mod support;
