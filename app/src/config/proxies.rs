//! Who the proxies in front of the server are (`--trusted-proxies`) and which client their
//! forwarding headers name. From any other peer the forwarding headers are the client's own
//! words and are ignored.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use http::{header, HeaderMap};
use ipnet::IpNet;

/// The networks of the proxies in front of the server (`--trusted-proxies`); empty by
/// default: no forwarding header is believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl FromStr for TrustedProxies {
    type Err = String;

    /// A comma-separated list of networks (`10.0.0.0/8`, `fd00::/8`) or single addresses.
    fn from_str(list: &str) -> Result<Self, String> {
        list.split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(|item| {
                item.parse::<IpNet>()
                    .or_else(|_| item.parse::<IpAddr>().map(IpNet::from))
                    .map(|net| net.trunc())
                    .map_err(|_| {
                        format!(
                            "--trusted-proxies non valido: «{item}». Esempio: 10.0.0.0/8,192.168.1.10"
                        )
                    })
            })
            .collect::<Result<_, _>>()
            .map(Self)
    }
}

impl TrustedProxies {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, addr: IpAddr) -> bool {
        let addr = addr.to_canonical();
        self.0.iter().any(|net| net.contains(&addr))
    }

    /// The client behind `peer`: from a trusted proxy, the right-most address of
    /// `X-Forwarded-For` (or, without it, of `Forwarded`) that is not itself a trusted
    /// proxy: the ones to its right were written by our proxies, anything to its left by
    /// whoever sent the request, which may lie. The peer itself when it is not trusted, or
    /// the headers say nothing usable.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let chain = if headers.contains_key("x-forwarded-for") {
            forwarded_for(headers)
        } else {
            forwarded(headers)
        };
        let mut client = peer;
        for hop in chain.iter().rev() {
            match hop {
                Some(addr) => {
                    client = addr.to_canonical();
                    if !self.trusts(client) {
                        break;
                    }
                }
                // A hop we cannot read ("unknown", an obfuscated name, garbage): what is
                // left of it cannot be tied to a trusted proxy.
                None => break,
            }
        }
        client
    }
}

/// The values of every line of a header, joined as one list, as HTTP reads them.
fn joined(headers: &HeaderMap, name: impl header::AsHeaderName) -> String {
    headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(",")
}

/// `X-Forwarded-For: client, proxy1, proxy2`: the addresses, left to right; `None` for an
/// entry that is not one.
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    joined(headers, "x-forwarded-for")
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(node)
        .collect()
}

/// RFC 7239 `Forwarded: for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"`: the `for`
/// of every element, left to right.
fn forwarded(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    split_outside_quotes(&joined(headers, header::FORWARDED), ',')
        .into_iter()
        .filter(|element| !element.trim().is_empty())
        .map(|element| {
            split_outside_quotes(element, ';')
                .into_iter()
                .filter_map(|pair| pair.split_once('='))
                .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                .and_then(|(_, value)| node(&unquote(value.trim())))
        })
        .collect()
}

/// Splits at `separator` where it is not inside a quoted string.
fn split_outside_quotes(text: &str, separator: char) -> Vec<&str> {
    let (mut parts, mut start, mut quoted, mut escaped) = (Vec::new(), 0, false, false);
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            c if c == separator && !quoted => {
                parts.push(&text[start..at]);
                start = at + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A quoted-string's content (backslash escapes undone), or the token as it is.
fn unquote(value: &str) -> String {
    match value
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    {
        Some(inner) => {
            let mut out = String::with_capacity(inner.len());
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                out.push(if c == '\\' {
                    chars.next().unwrap_or(c)
                } else {
                    c
                });
            }
            out
        }
        None => value.to_owned(),
    }
}

/// An address as proxies write it: `192.0.2.1`, `192.0.2.1:8080`, `2001:db8::1`,
/// `[2001:db8::1]` or `[2001:db8::1]:8080`.
fn node(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .or_else(|_| text.parse::<SocketAddr>().map(|s| s.ip()))
        .ok()
        .or_else(|| {
            text.strip_prefix('[')?
                .strip_suffix(']')?
                .parse::<IpAddr>()
                .ok()
        })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn headers(lines: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in lines {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn proxies(list: &str) -> TrustedProxies {
        list.parse().unwrap()
    }

    const LB: &str = "10.0.0.2";

    #[test]
    fn the_list_is_checked_at_start_up() {
        assert!(proxies("").is_empty());
        assert_eq!(
            proxies(" 10.0.0.0/8, 192.168.1.10 ,fd00::/8"),
            TrustedProxies(vec![
                "10.0.0.0/8".parse().unwrap(),
                "192.168.1.10/32".parse().unwrap(),
                "fd00::/8".parse().unwrap(),
            ])
        );
        let err = "10.0.0.0/8,bilanciatore"
            .parse::<TrustedProxies>()
            .unwrap_err();
        assert!(
            err.starts_with("--trusted-proxies non valido: «bilanciatore»"),
            "{err}"
        );
        assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn without_trusted_proxies_the_headers_are_ignored() {
        let h = headers(&[
            ("x-forwarded-for", "203.0.113.9"),
            ("forwarded", "for=203.0.113.8"),
        ]);
        assert_eq!(TrustedProxies::default().client(ip(LB), &h), ip(LB));
        // Nor from a peer outside the trusted networks.
        assert_eq!(
            proxies("10.0.0.0/8").client(ip("198.51.100.4"), &h),
            ip("198.51.100.4")
        );
    }

    #[test]
    fn x_forwarded_for_gives_the_rightmost_address_that_is_no_proxy_of_ours() {
        let trusted = proxies("10.0.0.0/8");
        let client = |xff: &[&str]| {
            let lines: Vec<_> = xff.iter().map(|v| ("x-forwarded-for", *v)).collect();
            trusted.client(ip(LB), &headers(&lines))
        };
        assert_eq!(client(&["203.0.113.7"]), ip("203.0.113.7"));
        // What the client wrote itself stays left of what our proxies appended.
        assert_eq!(
            client(&["1.2.3.4, 203.0.113.7, 10.0.0.3"]),
            ip("203.0.113.7")
        );
        // Several lines are one list.
        assert_eq!(client(&["1.2.3.4", "203.0.113.7"]), ip("203.0.113.7"));
        // Ports and brackets, as some proxies write them.
        assert_eq!(client(&["203.0.113.7:5123"]), ip("203.0.113.7"));
        assert_eq!(client(&["[2001:db8::7]:443"]), ip("2001:db8::7"));
        assert_eq!(client(&["2001:db8::7"]), ip("2001:db8::7"));
        assert_eq!(client(&["::ffff:203.0.113.7"]), ip("203.0.113.7"));
        // Every hop is ours: the farthest one.
        assert_eq!(client(&["10.1.1.1, 10.0.0.3"]), ip("10.1.1.1"));
        // Garbage where our proxy writes: nothing to believe, the peer stays.
        for garbage in [
            "unknown",
            "",
            " , ",
            "1.2.3.4, <script>",
            "1.2.3.4, 999.1.1.1",
        ] {
            assert_eq!(client(&[garbage]), ip(LB), "{garbage:?}");
        }
        // Garbage left of a real address does not matter.
        assert_eq!(client(&["nonsense, 203.0.113.7"]), ip("203.0.113.7"));
    }

    #[test]
    fn forwarded_gives_the_for_of_the_rightmost_element_that_is_no_proxy_of_ours() {
        let trusted = proxies("10.0.0.0/8, fd00::/8");
        let client = |value: &str| trusted.client(ip(LB), &headers(&[("forwarded", value)]));
        assert_eq!(client("for=203.0.113.7"), ip("203.0.113.7"));
        assert_eq!(
            client("for=192.0.2.43, for=\"[2001:db8:cafe::17]:4711\";proto=https"),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(client("For=\"[2001:db8::1]\""), ip("2001:db8::1"));
        assert_eq!(
            client("proto=https;for=203.0.113.7:8080;by=10.0.0.2, for=\"[fd00::3]\""),
            ip("203.0.113.7")
        );
        // A comma inside a quoted value does not split elements.
        assert_eq!(
            client("for=198.51.100.1;host=\"a,b\", for=203.0.113.7"),
            ip("203.0.113.7")
        );
        for garbage in [
            "for=unknown",
            "for=_hidden",
            "proto=https",
            "for=\"[::1",
            "=;,",
        ] {
            assert_eq!(client(garbage), ip(LB), "{garbage:?}");
        }
        // X-Forwarded-For, which nearly every proxy writes, wins when both are there.
        let both = headers(&[
            ("forwarded", "for=198.51.100.66"),
            ("x-forwarded-for", "203.0.113.7"),
        ]);
        assert_eq!(trusted.client(ip(LB), &both), ip("203.0.113.7"));
    }

    #[test]
    fn an_ipv4_peer_seen_through_an_ipv6_socket_is_still_trusted() {
        let h = headers(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(
            proxies("10.0.0.0/8").client(ip("::ffff:10.0.0.2"), &h),
            ip("203.0.113.7")
        );
    }
}
