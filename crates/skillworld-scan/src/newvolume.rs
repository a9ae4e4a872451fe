//! A volume formatted after the same block created it (the thirteenth
//! sweep's `infra-proxmox`, Proxmox's manual: `lvcreate -n vz -V 10G
//! pve/data`, then `mkfs.ext4 /dev/pve/vz`). A logical volume or a ZFS
//! volume just made holds no data yet: formatting it is setting it up.
//! `disk-wipe` is for a disk, partition or volume that may hold the
//! user's data, so a device the block did not make before the format
//! (`/dev/sda1`, `/dev/pve/root`, a volume made in another block or after
//! the format) is still a wipe.

use crate::layout::Layout;
use crate::lines::Lines;

/// Whether the device `mkfs` formats on `line` is a volume an earlier line
/// of its block (or the line itself, before the `mkfs`) created.
pub fn made_in_block(lines: &Lines, layout: &Layout, line: usize) -> bool {
    let text = lines.get(line);
    let Some((at, device)) = formatted_device(text) else {
        return false;
    };
    let block = layout.at(line).1;
    let earlier = (0..line)
        .rev()
        .take_while(|l| layout.at(*l).1 == block)
        .map(|l| lines.get(l));
    std::iter::once(&text[..at])
        .chain(earlier)
        .flat_map(|made| made.split(['&', ';', '|']))
        .any(|command| created_devices(command).iter().any(|d| d == device))
}

/// The one device `mkfs` is given on the line and where `mkfs` stands; a
/// line formatting two devices is left to the row.
fn formatted_device(line: &str) -> Option<(usize, &str)> {
    let at = line.find("mkfs")?;
    let mut devices = line[at..]
        .split_whitespace()
        .skip(1)
        .filter(|w| w.starts_with("/dev/"));
    let device = devices.next()?;
    devices.next().is_none().then_some((at, device))
}

/// The device paths of the volume an `lvcreate` or `zfs create -V`
/// command makes: `/dev/VG/NAME` and `/dev/mapper/VG-NAME` for LVM (the
/// group is the last word, `pve/data` a thin pool in `pve`),
/// `/dev/zvol/POOL/NAME` for ZFS.
fn created_devices(command: &str) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let command = |name: &str| {
        words
            .iter()
            .position(|w| w.rsplit('/').next() == Some(name))
    };
    if let Some(start) = command("lvcreate") {
        let args = &words[start + 1..];
        let name = args.iter().enumerate().find_map(|(i, w)| match *w {
            "-n" | "--name" => args.get(i + 1).copied(),
            _ => w.strip_prefix("--name=").or_else(|| {
                w.strip_prefix("-n")
                    .filter(|n| !n.is_empty() && !n.starts_with('-'))
            }),
        });
        let group = args
            .last()
            .filter(|g| !g.starts_with(['-', '/']))
            .map(|g| g.split('/').next().unwrap_or(g));
        if let (Some(name), Some(group)) = (name, group) {
            return vec![
                format!("/dev/{group}/{name}"),
                format!("/dev/mapper/{group}-{name}"),
            ];
        }
    }
    if let Some(start) = command("zfs")
        && words.get(start + 1) == Some(&"create")
        && words[start + 2..].contains(&"-V")
        && let Some(dataset) = words
            .last()
            .filter(|d| d.contains('/') && !d.starts_with('-'))
    {
        return vec![format!("/dev/zvol/{dataset}")];
    }
    Vec::new()
}
