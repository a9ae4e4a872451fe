//! What a process between `fork` and `exec` in the sandbox may do to say
//! how it went: write a line on the report descriptor, or fail with one and
//! exit. The helper, its init and the confining steps all report this way.

use crate::spec::{REPORT_FD, SETUP_FAILED};

/// Writes a failure to the report descriptor and exits.
pub(crate) fn fail(what: &str) -> ! {
    report(&format!("error: {what}\n"));
    // SAFETY: `_exit` ends the process without running destructors,
    // which is what a forked child must do.
    unsafe { libc::_exit(SETUP_FAILED) }
}

pub(crate) fn report(line: &str) {
    // SAFETY: a plain write on the report descriptor.
    unsafe {
        libc::write(REPORT_FD, line.as_ptr().cast(), line.len());
    }
}

/// `Err` with the OS error named after `what` when a call returned -1.
pub(crate) fn check(result: libc::c_int, what: &str) -> Result<(), String> {
    if result == -1 {
        Err(format!("{what}: {}", std::io::Error::last_os_error()))
    } else {
        Ok(())
    }
}
