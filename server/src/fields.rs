//! Validation of shop fields shared by registration and shop settings (docs/product/validation.md).

use domain::image_url;
use domain::limits::shop;
use domain::messages;
use domain::validation::{
    char_len, is_telephone, normalize_website, visible_len, without_unwanted_chars,
};
use domain::Cap;
use serde::{Deserialize, Deserializer};

use app::error::Problems;

/// Absent → `None`; `null` → `Some(None)`; a value → `Some(Some(v))`.
pub fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// What a shop's text field keeps: no unwanted characters, no edge spaces.
pub fn trimmed(raw: Option<&str>) -> String {
    without_unwanted_chars(raw.unwrap_or_default())
        .trim()
        .to_owned()
}

pub fn check_name(p: &mut Problems, name: &str) {
    // Zero-width and other invisible characters do not make a name.
    p.check(
        visible_len(name) >= shop::NAME_MIN,
        "name",
        messages::STORE_NAME_SHORT,
    );
    p.check(char_len(name) <= shop::NAME, "name", messages::TOO_LONG);
}

pub fn check_description(p: &mut Problems, description: &str) {
    p.check(
        char_len(description) >= shop::DESCRIPTION_MIN,
        "description",
        messages::DESCRIPTION_SHORT,
    );
    p.check(
        char_len(description) <= shop::DESCRIPTION,
        "description",
        messages::TOO_LONG,
    );
}

pub fn check_postal_code(p: &mut Problems, code: &str) {
    p.check(
        Cap::parse(code).is_some(),
        "postal_code",
        messages::POSTAL_CODE_INVALID,
    );
}

pub fn check_city(p: &mut Problems, city: &str) {
    p.check(!city.is_empty(), "city", messages::CITY_REQUIRED);
    p.check(char_len(city) <= shop::CITY, "city", messages::TOO_LONG);
}

pub fn check_address(p: &mut Problems, address: &str) {
    p.check(
        char_len(address) >= shop::ADDRESS_MIN,
        "address",
        messages::ADDRESS_SHORT,
    );
    p.check(
        char_len(address) <= shop::ADDRESS,
        "address",
        messages::TOO_LONG,
    );
}

pub fn check_telephone(p: &mut Problems, telephone: &str) {
    p.check(
        is_telephone(telephone) && telephone.len() <= shop::TELEPHONE,
        "telephone",
        messages::TELEPHONE_INVALID,
    );
}

/// An optional website: empty clears it, otherwise it must be a valid URL.
pub fn website(p: &mut Problems, raw: Option<&str>) -> Option<String> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty())?;
    let normalized = normalize_website(raw).filter(|u| u.len() <= shop::WEBSITE);
    if normalized.is_none() {
        p.add("website_url", messages::WEBSITE_INVALID);
    }
    normalized
}

/// An optional logo: an uploaded file under `/media/` or an http(s) URL (the one image
/// check, `domain::image_url`).
pub fn logo(p: &mut Problems, raw: Option<&str>) -> Option<String> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty())?;
    let logo = image_url::parse(raw);
    if logo.is_none() {
        p.add("logo_img_url", messages::WEBSITE_INVALID);
    }
    logo
}

pub fn optional_text(
    p: &mut Problems,
    field: &'static str,
    raw: Option<&str>,
    max: usize,
) -> Option<String> {
    let value = trimmed(raw);
    if value.is_empty() {
        return None;
    }
    p.check(value.chars().count() <= max, field, messages::TOO_LONG);
    Some(value)
}
