//! The seccomp filter: system calls a script has no business making —
//! tracing and reading other processes, loading kernel code, mounting,
//! entering or making namespaces, keyrings, BPF, io_uring (which would
//! bypass this filter) — answer `EPERM`; `clone3` answers `ENOSYS` so
//! libc falls back to `clone`, whose namespace flags are checked.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

/// System calls denied outright.
const DENIED: &[libc::c_long] = &[
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_getfd,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_fsopen,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_userfaultfd,
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_syslog,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_iopl,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_ioperm,
];

/// `clone` flags that make namespaces.
const NAMESPACE_FLAGS: &[libc::c_int] = &[
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWNS,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWCGROUP,
];

fn program(rules: BTreeMap<i64, Vec<SeccompRule>>, errno: i32) -> Result<BpfProgram, String> {
    let arch = std::env::consts::ARCH
        .try_into()
        .map_err(|e| format!("seccomp: {e}"))?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(errno as u32),
        arch,
    )
    .map_err(|e| format!("seccomp: {e}"))?;
    filter.try_into().map_err(|e| format!("seccomp: {e}"))
}

/// The filters, compiled.
fn programs() -> Result<[BpfProgram; 2], String> {
    let mut denied: BTreeMap<i64, Vec<SeccompRule>> =
        DENIED.iter().map(|&call| (call, vec![])).collect();
    let namespace_rules = NAMESPACE_FLAGS
        .iter()
        .map(|&flag| {
            let condition = SeccompCondition::new(
                0,
                SeccompCmpArgLen::Qword,
                SeccompCmpOp::MaskedEq(flag as u64),
                flag as u64,
            )
            .map_err(|e| format!("seccomp: {e}"))?;
            SeccompRule::new(vec![condition]).map_err(|e| format!("seccomp: {e}"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    denied.insert(libc::SYS_clone, namespace_rules);
    let clone3 = BTreeMap::from([(libc::SYS_clone3, vec![])]);
    Ok([
        program(denied, libc::EPERM)?,
        program(clone3, libc::ENOSYS)?,
    ])
}

/// Installs the filters on this thread (`no_new_privs` is already set).
pub(crate) fn apply() -> Result<(), String> {
    for program in programs()? {
        seccompiler::apply_filter(&program).map_err(|e| format!("seccomp: {e}"))?;
    }
    Ok(())
}

/// Whether the kernel has seccomp filters.
pub(crate) fn available() -> bool {
    // PR_GET_SECCOMP answers 0 (or 2) where seccomp is built in.
    unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_filters_compile() {
        let [denied, clone3] = super::programs().unwrap();
        assert!(denied.len() > super::DENIED.len());
        assert!(!clone3.is_empty());
    }
}
