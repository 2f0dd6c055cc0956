//! What a page request is, from its headers alone: a person or a crawler (by user agent), and
//! where a person came from (by referrer).

/// Who asked for a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visitor {
    Person,
    /// Google's crawlers: counted apart, an owner wants to know Google visits their pages.
    Google,
    /// Any other robot, and clients that say nothing of themselves.
    OtherCrawler,
}

/// Words in a user agent that mean a program, not a person (lower case).
const ROBOT_WORDS: [&str; 22] = [
    "bot",
    "crawl",
    "spider",
    "slurp",
    "archiver",
    "facebookexternalhit",
    "preview",
    "headless",
    "lighthouse",
    "pagespeed",
    "pingdom",
    "uptime",
    "monitor",
    "curl/",
    "wget/",
    "python-",
    "go-http-client",
    "java/",
    "okhttp",
    "libwww",
    "httpclient",
    "scrapy",
];

/// Google's crawlers and fetchers ("Googlebot", "Google-InspectionTool", "GoogleOther",
/// "Storebot-Google", "AdsBot-Google", …), lower case.
const GOOGLE_WORDS: [&str; 4] = ["googlebot", "google-", "googleother", "-google"];

pub fn visitor(user_agent: Option<&str>) -> Visitor {
    let Some(agent) = user_agent.map(str::trim).filter(|a| !a.is_empty()) else {
        return Visitor::OtherCrawler;
    };
    let agent = agent.to_ascii_lowercase();
    if GOOGLE_WORDS.iter().any(|w| agent.contains(w)) {
        Visitor::Google
    } else if ROBOT_WORDS.iter().any(|w| agent.contains(w)) || !agent.starts_with("mozilla/") {
        Visitor::OtherCrawler
    } else {
        Visitor::Person
    }
}

/// Where a visit came from (the report's "sources").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Google,
    /// Another search engine.
    Search,
    Social,
    /// No referrer: typed, bookmarked, from an app or a QR code.
    Direct,
    /// Another website.
    Other,
}

impl Source {
    pub const ALL: [Source; 5] = [
        Source::Google,
        Source::Search,
        Source::Social,
        Source::Direct,
        Source::Other,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Source::Google => "google",
            Source::Search => "search",
            Source::Social => "social",
            Source::Direct => "direct",
            Source::Other => "other",
        }
    }
}

/// Search engines other than Google, by a part of their host name.
const SEARCH_ENGINES: [&str; 11] = [
    "bing.",
    "duckduckgo.",
    "yahoo.",
    "ecosia.",
    "yandex.",
    "baidu.",
    "qwant.",
    "startpage.",
    "search.brave.",
    "virgilio.",
    "libero.",
];

/// Social networks and messengers, by a part of their host name.
const SOCIAL: [&str; 16] = [
    "facebook.",
    "fb.",
    "instagram.",
    "t.co",
    "twitter.",
    "x.com",
    "linkedin.",
    "lnkd.in",
    "pinterest.",
    "tiktok.",
    "youtube.",
    "whatsapp.",
    "telegram.",
    "t.me",
    "reddit.",
    "threads.",
];

/// The source of a page view, or `None` for a step inside the site (its referrer is one of
/// `own_hosts`), which is not where the visit came from.
pub fn source(referrer: Option<&str>, own_hosts: &[&str]) -> Option<Source> {
    let Some(referrer) = referrer.map(str::trim).filter(|r| !r.is_empty()) else {
        return Some(Source::Direct);
    };
    let Some(host) = url::Url::parse(referrer)
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
    else {
        return Some(Source::Other);
    };
    let host = host.trim_start_matches("www.").trim_start_matches("m.");
    if own_hosts.iter().any(|own| {
        let own = own.to_ascii_lowercase();
        let own = own.split(':').next().unwrap_or_default();
        !own.is_empty() && own.trim_start_matches("www.") == host
    }) {
        return None;
    }
    let labelled = |parts: &[&str]| {
        parts.iter().any(|p| {
            if p.ends_with('.') {
                host.starts_with(p) || host.contains(&format!(".{p}"))
            } else {
                host == *p || host.ends_with(&format!(".{p}"))
            }
        })
    };
    Some(if labelled(&["google."]) {
        Source::Google
    } else if labelled(&SEARCH_ENGINES) {
        Source::Search
    } else if labelled(&SOCIAL) {
        Source::Social
    } else {
        Source::Other
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

    #[test]
    fn people_google_and_other_robots_are_told_apart() {
        assert_eq!(visitor(Some(CHROME)), Visitor::Person);
        assert_eq!(visitor(Some(IPHONE)), Visitor::Person);
        for google in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)",
            "Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36",
        ] {
            assert_eq!(visitor(Some(google)), Visitor::Google, "{google}");
        }
        for robot in [
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
            "facebookexternalhit/1.1",
            "curl/8.5.0",
            "python-requests/2.32",
            "",
            "   ",
        ] {
            assert_eq!(visitor(Some(robot)), Visitor::OtherCrawler, "{robot}");
        }
        assert_eq!(visitor(None), Visitor::OtherCrawler);
    }

    #[test]
    fn sources_come_from_the_referrer() {
        let own = ["vetrina.it", "127.0.0.1:3000"];
        let of = |r: &str| source(Some(r), &own);
        assert_eq!(source(None, &own), Some(Source::Direct));
        assert_eq!(of(""), Some(Source::Direct));
        assert_eq!(of("https://www.google.it/"), Some(Source::Google));
        assert_eq!(
            of("https://www.google.com/search?q=x"),
            Some(Source::Google)
        );
        assert_eq!(of("https://www.bing.com/"), Some(Source::Search));
        assert_eq!(of("https://duckduckgo.com/"), Some(Source::Search));
        assert_eq!(of("https://l.facebook.com/l.php?u=x"), Some(Source::Social));
        assert_eq!(of("https://m.facebook.com/"), Some(Source::Social));
        assert_eq!(of("https://t.co/abc"), Some(Source::Social));
        assert_eq!(of("https://www.instagram.com/"), Some(Source::Social));
        assert_eq!(
            of("https://forum.edilizia.it/thread/9"),
            Some(Source::Other)
        );
        assert_eq!(of("https://notgoogle.example/"), Some(Source::Other));
        assert_eq!(of("not a url"), Some(Source::Other));
        assert_eq!(of("https://www.vetrina.it/explore"), None);
        assert_eq!(of("http://127.0.0.1:3000/store/1/x"), None);
    }
}
