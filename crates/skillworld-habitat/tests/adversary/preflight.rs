//! Attack 10 (preflight): see below.
