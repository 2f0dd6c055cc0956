//! Fetching an image a shop points to, without letting the URL reach inside our network:
//! http(s) only, every address the host resolves to is checked, the connection goes to
//! the checked address (no second lookup), redirects are followed by hand and each hop is
//! checked again. Time, size and content type are limited; the bytes must be an image.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use reqwest::header::{ACCEPT, CONTENT_TYPE, LOCATION};
use url::{Host, Url};

/// Which addresses may be reached. The default refuses loopback, private, link-local,
/// metadata and other special addresses; tests, whose servers listen on 127.0.0.1, name
/// the loopback ports they may reach.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressPolicy {
    pub allowed_loopback_ports: Vec<u16>,
}

#[derive(Debug, Clone)]
pub struct FetchLimits {
    /// For the whole fetch, redirects included.
    pub timeout: Duration,
    pub max_bytes: usize,
    pub max_redirects: usize,
}

impl Default for FetchLimits {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(10),
            max_bytes: 10 * 1024 * 1024,
            max_redirects: 5,
        }
    }
}

/// Why an image URL gave no image; the text ends up in the shop's warnings.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("indirizzo non valido (solo http o https)")]
    BadUrl,
    #[error("indirizzo non consentito")]
    Forbidden,
    #[error("server non trovato")]
    Unresolved,
    #[error("troppi reindirizzamenti")]
    TooManyRedirects,
    #[error("il server ha risposto {0}")]
    Status(u16),
    #[error("il contenuto non è un'immagine PNG, JPEG, GIF o WebP")]
    NotAnImage,
    #[error("immagine troppo grande (massimo {0} MB)")]
    TooLarge(usize),
    #[error("immagine troppo grande (al massimo {0} megapixel)")]
    TooManyPixels(u64),
    #[error("file troppo grande (massimo {0} MB)")]
    FileTooLarge(usize),
    #[error("il server non ha risposto in tempo")]
    Timeout,
    #[error("connessione non riuscita")]
    Transport(#[source] reqwest::Error),
    /// Our side: the copy could not be written.
    #[error("immagine non salvata")]
    NotStored,
    /// Our side: the shop's share of image work is taken; the caller may try again shortly.
    #[error("troppe immagini in lavorazione: riprova tra qualche secondo")]
    Busy,
    /// Our side: no space left on the server's disk for the copy.
    #[error("spazio su disco esaurito sul server")]
    DiskFull(#[source] anyhow::Error),
}

impl AddressPolicy {
    pub fn permits(&self, addr: SocketAddr) -> bool {
        let ip = canonical(addr.ip());
        if ip.is_loopback() {
            return self.allowed_loopback_ports.contains(&addr.port());
        }
        match ip {
            IpAddr::V4(v4) => is_public_v4(v4),
            IpAddr::V6(v6) => is_public_v6(v6),
        }
    }
}

/// IPv4 written as IPv6 is judged as IPv4: mapped (`::ffff:127.0.0.1`), translated
/// (`::ffff:0:127.0.0.1`), compatible (`::127.0.0.1`, also written `::7f00:1`), NAT64
/// (`64:ff9b::…`) and 6to4 (`2002:7f00:1::…`, the IPv4 in bits 16–47).
fn canonical(ip: IpAddr) -> IpAddr {
    let IpAddr::V6(v6) = ip else {
        return ip;
    };
    if let Some(v4) = v6.to_ipv4_mapped() {
        return IpAddr::V4(v4);
    }
    let s = v6.segments();
    let v4_of = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        IpAddr::V4(Ipv4Addr::new(a, b, c, d))
    };
    // ::ffff:0:a.b.c.d (SIIT)
    if s[..4] == [0, 0, 0, 0] && s[4] == 0xffff && s[5] == 0 {
        return v4_of(s[6], s[7]);
    }
    // ::a.b.c.d, except :: and ::1, which stay IPv6 (unspecified, loopback)
    if s[..6] == [0, 0, 0, 0, 0, 0] && (s[6] != 0 || s[7] > 1) {
        return v4_of(s[6], s[7]);
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return v4_of(s[6], s[7]);
    }
    if s[0] == 0x2002 {
        return v4_of(s[1], s[2]);
    }
    IpAddr::V6(v6)
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local() // 169.254/16, cloud metadata included
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let first = s[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local, fd00:ec2::254 metadata included
        || (first & 0xffc0) == 0xfe80 // link-local
        || (first & 0xffc0) == 0xfec0 // site-local (deprecated)
        || s[..4] == [0, 0, 0, 0] // ::/64: IPv4 forms not read above, reserved
        || (first == 0x100 && s[1..4] == [0, 0, 0]) // discard-only
        || (first == 0x64 && s[1] == 0xff9b) // NAT64 local use (64:ff9b:1::/48)
        || (first == 0x2001 && s[1] < 0x200) // IETF protocol assignments: Teredo 2001::/32 (its IPv4 is hidden), benchmarking, ORCHID
        || (first == 0x2001 && s[1] == 0x0db8) // documentation
        || (first == 0x3fff && s[1] < 0x1000)) // documentation (3fff::/20)
}

/// Downloads the image at `url` within `limits`. The bytes are checked to be PNG, JPEG,
/// GIF or WebP, not decoded.
pub async fn fetch_image(
    url: &str,
    policy: &AddressPolicy,
    limits: &FetchLimits,
) -> Result<Vec<u8>, FetchError> {
    let url = Url::parse(url.trim()).map_err(|_| FetchError::BadUrl)?;
    let fetched = tokio::time::timeout(limits.timeout, follow(url, policy, limits, Want::Image))
        .await
        .map_err(|_| FetchError::Timeout)??;
    Ok(fetched.bytes)
}

/// A file downloaded by [`fetch_file`].
#[derive(Debug)]
pub struct Fetched {
    pub bytes: Vec<u8>,
    /// The declared type, as the server sent it.
    pub content_type: Option<String>,
    /// The last segment of the final address's path (after redirects), e.g. `listino.xlsx`.
    pub file_name: String,
}

/// Downloads any file at `url` within `limits` (a shop's price-list export): the same
/// address checks as images, no check of the content, which its reader does.
pub async fn fetch_file(
    url: &str,
    policy: &AddressPolicy,
    limits: &FetchLimits,
) -> Result<Fetched, FetchError> {
    let url = Url::parse(url.trim()).map_err(|_| FetchError::BadUrl)?;
    tokio::time::timeout(limits.timeout, follow(url, policy, limits, Want::File))
        .await
        .map_err(|_| FetchError::Timeout)?
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Image,
    File,
}

async fn follow(
    mut url: Url,
    policy: &AddressPolicy,
    limits: &FetchLimits,
    want: Want,
) -> Result<Fetched, FetchError> {
    for _hop in 0..=limits.max_redirects {
        let addr = checked_address(&url, policy).await?;
        let client = pinned_client(&url, addr, limits)?;
        let response = client
            .get(url.clone())
            .header(
                ACCEPT,
                match want {
                    Want::Image => "image/webp,image/png,image/jpeg,image/gif",
                    Want::File => "*/*",
                },
            )
            .send()
            .await
            .map_err(transport)?;
        let status = response.status();
        if status.is_redirection() {
            let location = response
                .headers()
                .get(LOCATION)
                .and_then(|v| v.to_str().ok())
                .ok_or(FetchError::Status(status.as_u16()))?;
            url = url.join(location).map_err(|_| FetchError::BadUrl)?;
            continue;
        }
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let file_name = url
            .path_segments()
            .and_then(|mut s| s.next_back())
            .unwrap_or_default()
            .to_owned();
        let bytes = match want {
            Want::Image => read_image(response, limits.max_bytes).await?,
            Want::File => read_body(response, limits.max_bytes).await?,
        };
        return Ok(Fetched {
            bytes,
            content_type,
            file_name,
        });
    }
    Err(FetchError::TooManyRedirects)
}

/// The address to connect to: every address of the host must be allowed, so a name
/// that resolves to one public and one private address is refused whole.
async fn checked_address(url: &Url, policy: &AddressPolicy) -> Result<SocketAddr, FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::BadUrl);
    }
    let port = url.port_or_known_default().ok_or(FetchError::BadUrl)?;
    let addrs: Vec<SocketAddr> = match url.host().ok_or(FetchError::BadUrl)? {
        Host::Ipv4(ip) => vec![SocketAddr::new(IpAddr::V4(ip), port)],
        Host::Ipv6(ip) => vec![SocketAddr::new(IpAddr::V6(ip), port)],
        Host::Domain(name) => tokio::net::lookup_host((name, port))
            .await
            .map_err(|_| FetchError::Unresolved)?
            .collect(),
    };
    match addrs.first() {
        None => Err(FetchError::Unresolved),
        Some(_) if !addrs.iter().all(|a| policy.permits(*a)) => Err(FetchError::Forbidden),
        Some(first) => Ok(*first),
    }
}

/// A client that connects to `addr` for the URL's host and follows no redirect itself.
fn pinned_client(
    url: &Url,
    addr: SocketAddr,
    limits: &FetchLimits,
) -> Result<reqwest::Client, FetchError> {
    let mut builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .timeout(limits.timeout)
        .user_agent(concat!(
            "Vetrina/",
            env!("CARGO_PKG_VERSION"),
            " (immagini e listini)"
        ));
    if let Some(Host::Domain(name)) = url.host() {
        builder = builder.resolve(name, addr);
    }
    builder.build().map_err(transport)
}

fn transport(e: reqwest::Error) -> FetchError {
    if e.is_timeout() {
        FetchError::Timeout
    } else {
        FetchError::Transport(e)
    }
}

async fn read_body(response: reqwest::Response, max_bytes: usize) -> Result<Vec<u8>, FetchError> {
    read_at_most(response, max_bytes, FetchError::FileTooLarge).await
}

/// The body, refused (`too_large` of the limit in MB) as soon as it is declared or read
/// past `max_bytes`.
async fn read_at_most(
    mut response: reqwest::Response,
    max_bytes: usize,
    too_large: fn(usize) -> FetchError,
) -> Result<Vec<u8>, FetchError> {
    let refused = || too_large(max_bytes / (1024 * 1024));
    if response
        .content_length()
        .is_some_and(|n| n > max_bytes as u64)
    {
        return Err(refused());
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(transport)? {
        if bytes.len() + chunk.len() > max_bytes {
            return Err(refused());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

async fn read_image(response: reqwest::Response, max_bytes: usize) -> Result<Vec<u8>, FetchError> {
    let declared = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    // SVG is refused: it can carry scripts, and it is not what Open Graph wants
    if !declared.starts_with("image/") || declared.starts_with("image/svg") {
        return Err(FetchError::NotAnImage);
    }
    let bytes = read_at_most(response, max_bytes, FetchError::TooLarge).await?;
    if super::image_extension(&bytes).is_none() {
        return Err(FetchError::NotAnImage);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(addr: &str) -> bool {
        let addr: SocketAddr = addr.parse().expect("socket address");
        !AddressPolicy::default().permits(addr)
    }

    #[test]
    fn the_default_policy_refuses_inner_addresses() {
        for addr in [
            "127.0.0.1:80",
            "127.1.2.3:8080",
            "10.0.0.8:80",
            "172.16.5.4:80",
            "192.168.1.1:80",
            "169.254.169.254:80",
            "100.64.0.1:80",
            "0.0.0.0:80",
            "255.255.255.255:80",
            "[::1]:80",
            "[::]:80",
            "[fe80::1]:80",
            "[fd00:ec2::254]:80",
            "[::ffff:127.0.0.1]:80",
            "[::ffff:169.254.169.254]:80",
            "[64:ff9b::a00:1]:80",
            // IPv4-compatible, mapped and translated forms of inner IPv4 addresses
            "[::7f00:1]:80",
            "[::127.0.0.1]:80",
            "[::a9fe:a9fe]:80",
            "[::ffff:7f00:1]:80",
            "[::ffff:a00:1]:80",
            "[::ffff:0:7f00:1]:80",
            "[::ffff:0:a9fe:a9fe]:80",
            // 6to4 embedding loopback, private and metadata addresses
            "[2002:7f00:1::1]:80",
            "[2002:a00:1::]:80",
            "[2002:c0a8:101::1]:80",
            "[2002:a9fe:a9fe::1]:80",
            // Teredo (its client IPv4 is obfuscated) and the rest of 2001::/23
            "[2001::1]:80",
            "[2001:0:4136:e378:8000:63bf:3fff:fdd2]:80",
            "[2001:2::1]:80",
            "[2001:10::1]:80",
            // NAT64 local use, discard-only, ::/64, documentation
            "[64:ff9b:1::a00:1]:80",
            "[100::1]:80",
            "[::2:0:0]:80",
            "[3fff::1]:80",
        ] {
            assert!(refused(addr), "{addr} should be refused");
        }
        for addr in [
            "93.184.216.34:443",
            "151.101.1.69:80",
            "[2a00:1450:4002::63]:443",
            // public IPv4 in IPv6 forms
            "[::ffff:93.184.216.34]:443",
            "[2002:5db8:d822::1]:443",
        ] {
            assert!(!refused(addr), "{addr} should be allowed");
        }
    }

    #[test]
    fn tests_may_reach_only_the_loopback_ports_they_name() {
        let policy = AddressPolicy {
            allowed_loopback_ports: vec![4000],
        };
        let ok = |a: &str| policy.permits(a.parse().expect("address"));
        assert!(ok("127.0.0.1:4000"));
        assert!(!ok("127.0.0.1:4001"));
        assert!(!ok("10.0.0.1:4000"));
        assert!(!ok("169.254.169.254:4000"));
    }
}
