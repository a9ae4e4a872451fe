//! Declared endpoints (`requires.endpoints`: `host:port` or URLs) and the
//! admin's allow-list for addresses a skill may not reach by default.

use std::net::IpAddr;

/// A declared endpoint: a host (name or address) and a port.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Endpoint {
    pub host: String,
    pub port: u16,
}

impl Endpoint {
    /// Reads `host:port`, `[v6]:port` or a URL (`https://host[:port]/…`,
    /// default port 443 for https and 80 for other schemes). `None` when
    /// no port can be told.
    pub fn parse(text: &str) -> Option<Endpoint> {
        let (default_port, rest) = match text.split_once("://") {
            Some((scheme, rest)) if scheme.eq_ignore_ascii_case("https") => (Some(443), rest),
            Some((_, rest)) => (Some(80), rest),
            None => (None, text),
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let authority = authority.rsplit('@').next().unwrap_or_default();
        let (host, port) = split_port(authority);
        let port = match port {
            Some(port) => port.parse().ok()?,
            None => default_port?,
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() || port == 0 {
            return None;
        }
        Some(Endpoint {
            host: host.to_ascii_lowercase(),
            port,
        })
    }

    /// The host as an address, when it is one (`localhost` counts as
    /// 127.0.0.1).
    pub fn address(&self) -> Option<IpAddr> {
        if self.host == "localhost" {
            return Some(IpAddr::from([127, 0, 0, 1]));
        }
        self.host.parse().ok()
    }

    /// Whether an admin's allow-list entry (`host:port` or `host`) names
    /// this endpoint.
    pub fn allowed_by(&self, allow: &[String]) -> bool {
        allow.iter().any(|entry| {
            let entry = entry.to_ascii_lowercase();
            match split_port(&entry) {
                (host, Some(port)) => same_host(host, &self.host) && port.parse() == Ok(self.port),
                (host, None) => same_host(host, &self.host),
            }
        })
    }
}

/// Splits `host:port` (a bare IPv6 address has no port).
fn split_port(authority: &str) -> (&str, Option<&str>) {
    if let Some(rest) = authority.strip_prefix('[') {
        return match rest.split_once("]:") {
            Some((host, port)) => (host, Some(port)),
            None => (rest.trim_end_matches(']'), None),
        };
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if !host.contains(':') => (host, Some(port)),
        _ => (authority, None),
    }
}

fn same_host(a: &str, b: &str) -> bool {
    let a = a.trim_start_matches('[').trim_end_matches(']');
    a == b || (a.parse::<IpAddr>().ok()).is_some_and(|a| b.parse::<IpAddr>() == Ok(a))
}

/// Whether the sandbox keeps scripts from this endpoint at `address`:
/// a restricted address, or the habitat's own port, that the admin's
/// allow-list does not name.
pub fn refused(
    endpoint: &Endpoint,
    address: IpAddr,
    allow: &[String],
    habitat_port: Option<u16>,
) -> bool {
    (restricted(address) || habitat_port == Some(endpoint.port)) && !endpoint.allowed_by(allow)
}

/// Whether an address is one a skill reaches only with the admin's say:
/// loopback, private, link-local, shared (CGNAT), unspecified, multicast
/// or broadcast.
pub fn restricted(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_multicast()
                || v4.is_broadcast()
                || (a == 100 && (64..128).contains(&b))
        }
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || embedded_v4(v6).is_some_and(|v4| restricted(IpAddr::V4(v4)))
        }
    }
}

/// The IPv4 address an IPv6 one carries and a host may route to: mapped
/// (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`) or
/// 6to4 (`2002:AABB:CCDD::/48`), so none of them reaches a restricted
/// IPv4 address in disguise.
fn embedded_v4(v6: std::net::Ipv6Addr) -> Option<std::net::Ipv4Addr> {
    let s = v6.segments();
    let from = |high: u16, low: u16| {
        let [a, b] = high.to_be_bytes();
        let [c, d] = low.to_be_bytes();
        std::net::Ipv4Addr::new(a, b, c, d)
    };
    match s {
        [0x0064, 0xff9b, 0, 0, 0, 0, high, low] => Some(from(high, low)),
        [0x2002, high, low, ..] => Some(from(high, low)),
        _ => v6.to_ipv4(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_host_ports_parse() {
        let e = |h: &str, p| {
            Some(Endpoint {
                host: h.into(),
                port: p,
            })
        };
        assert_eq!(
            Endpoint::parse("https://API.example.com/v1"),
            e("api.example.com", 443)
        );
        assert_eq!(
            Endpoint::parse("http://u:p@h.example:8080/x"),
            e("h.example", 8080)
        );
        assert_eq!(Endpoint::parse("127.0.0.1:9000"), e("127.0.0.1", 9000));
        assert_eq!(Endpoint::parse("[::1]:9000"), e("::1", 9000));
        assert_eq!(Endpoint::parse("example.com"), None);
        assert_eq!(Endpoint::parse("h:0"), None);
    }

    #[test]
    fn the_allow_list_names_hosts_with_or_without_ports() {
        let local = Endpoint::parse("127.0.0.1:9000").unwrap();
        assert!(local.allowed_by(&["127.0.0.1:9000".into()]));
        assert!(local.allowed_by(&["127.0.0.1".into()]));
        assert!(!local.allowed_by(&["127.0.0.1:9001".into()]));
        assert!(!local.allowed_by(&["localhost:9000".into()]));
        let v6 = Endpoint::parse("[::1]:80").unwrap();
        assert!(v6.allowed_by(&["[::1]:80".into()]));
    }

    #[test]
    fn private_addresses_are_restricted() {
        for address in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.1",
            "169.254.169.254",
            "100.64.0.1",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:10.0.0.1",
            "0.0.0.0",
        ] {
            assert!(restricted(address.parse().unwrap()), "{address}");
        }
        for address in ["93.184.216.34", "2606:4700::1"] {
            assert!(!restricted(address.parse().unwrap()), "{address}");
        }
    }

    #[test]
    fn ipv6_forms_that_carry_a_restricted_ipv4_address_are_restricted() {
        let v6 = |text: &str| restricted(text.parse().unwrap());
        for carried in [
            "::ffff:10.0.0.1",
            "::127.0.0.1",
            "64:ff9b::c0a8:0101",
            "64:ff9b::7f00:1",
            "2002:c0a8:0101::1",
            "2002:a9fe:a9fe::",
        ] {
            assert!(v6(carried), "{carried}");
        }
        for public in ["64:ff9b::808:808", "2002:0808:0808::1", "2606:4700::1111"] {
            assert!(!v6(public), "{public}");
        }
    }
}
