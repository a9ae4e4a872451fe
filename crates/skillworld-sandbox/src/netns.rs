//! The sandbox's own network (inside init): only loopback, brought up, with
//! one listener per reachable declared endpoint. Each connection to a
//! listener is carried over the host's proxy socket (a Unix socket in the
//! run folder, outside this network) to that endpoint.

use std::io::{Read, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;

use crate::child::check;
use crate::spec::Spec;

/// Brings loopback up, gives it any further address a listener needs, and
/// binds the listeners (before the script starts, so its first connection
/// finds them).
pub(crate) fn prepare(spec: &Spec) -> Result<Vec<(TcpListener, u16)>, String> {
    let socket = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
    check(socket, "network: socket")?;
    let result = (|| -> Result<(), String> {
        set_up(socket, "lo")?;
        let mut aliases = 0;
        for forward in &spec.forwards {
            if let IpAddr::V4(v4) = forward.listen.ip()
                && !v4.is_loopback()
            {
                aliases += 1;
                add_alias(socket, &format!("lo:{aliases}"), v4.octets())?;
            }
        }
        Ok(())
    })();
    unsafe { libc::close(socket) };
    result?;
    spec.forwards
        .iter()
        .map(|forward| {
            TcpListener::bind(forward.listen)
                .map(|listener| (listener, forward.index))
                .map_err(|e| format!("network: listening on {}: {e}", forward.listen))
        })
        .collect()
}

fn request(name: &str) -> libc::ifreq {
    // SAFETY: ifreq is plain data; all zero is a valid value.
    let mut request: libc::ifreq = unsafe { std::mem::zeroed() };
    for (slot, byte) in request.ifr_name.iter_mut().zip(name.bytes()) {
        *slot = byte as libc::c_char;
    }
    request
}

fn set_up(socket: libc::c_int, name: &str) -> Result<(), String> {
    let mut request = request(name);
    check(
        unsafe { libc::ioctl(socket, libc::SIOCGIFFLAGS, &mut request) },
        &format!("network: flags of {name}"),
    )?;
    unsafe {
        request.ifr_ifru.ifru_flags |= (libc::IFF_UP | libc::IFF_RUNNING) as libc::c_short;
    }
    check(
        unsafe { libc::ioctl(socket, libc::SIOCSIFFLAGS, &request) },
        &format!("network: bringing {name} up"),
    )
}

/// An IPv4 alias on loopback (`lo:N`), so a listener can take a declared
/// endpoint's own address.
fn add_alias(socket: libc::c_int, name: &str, octets: [u8; 4]) -> Result<(), String> {
    let mut request = request(name);
    let address = libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: 0,
        sin_addr: libc::in_addr {
            s_addr: u32::from_ne_bytes(octets),
        },
        sin_zero: [0; 8],
    };
    // SAFETY: sockaddr_in fits in the sockaddr slot of the union.
    unsafe {
        std::ptr::write(
            (&raw mut request.ifr_ifru.ifru_addr).cast::<libc::sockaddr_in>(),
            address,
        );
    }
    check(
        unsafe { libc::ioctl(socket, libc::SIOCSIFADDR, &request) },
        &format!("network: address {name}"),
    )?;
    set_up(socket, name)
}

/// Accepts on every listener in its own thread and carries each
/// connection to the host's proxy socket, announcing the endpoint's index.
pub(crate) fn forward(listeners: Vec<(TcpListener, u16)>, proxy: PathBuf) {
    for (listener, index) in listeners {
        let proxy = proxy.clone();
        std::thread::spawn(move || {
            for inside in listener.incoming().flatten() {
                let proxy = proxy.clone();
                std::thread::spawn(move || carry(inside, &proxy, index));
            }
        });
    }
}

fn carry(inside: TcpStream, proxy: &std::path::Path, index: u16) {
    let mut answer = [0u8];
    let outside = UnixStream::connect(proxy).and_then(|mut outside| {
        outside.write_all(&index.to_be_bytes())?;
        outside.read_exact(&mut answer)?;
        Ok(outside)
    });
    let (Ok(mut outside), [1]) = (outside, answer) else {
        reset(&inside);
        return;
    };
    let (Ok(mut inside_read), Ok(mut outside_write)) = (inside.try_clone(), outside.try_clone())
    else {
        return;
    };
    let upstream = std::thread::spawn(move || {
        let _ = pump(&mut inside_read, &mut outside_write);
        let _ = outside_write.shutdown(Shutdown::Write);
    });
    let mut inside_write = inside;
    let _ = pump(&mut outside, &mut inside_write);
    let _ = inside_write.shutdown(Shutdown::Write);
    let _ = upstream.join();
}

/// Drops the connection with a reset, so the script sees an error (the
/// proxy refused the endpoint or could not reach it).
fn reset(stream: &TcpStream) {
    use std::os::fd::AsRawFd;
    let linger = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    // SAFETY: setsockopt reads the struct it is given.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            (&raw const linger).cast(),
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        );
    }
}

fn pump(from: &mut impl Read, to: &mut impl Write) -> std::io::Result<u64> {
    std::io::copy(from, to)
}
