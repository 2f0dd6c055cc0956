//! The length of every text a shop owner, a price list or the AI provider gives us, in
//! characters: the API refuses a longer one (422, "Il testo inserito è troppo lungo."), an
//! import shortens it (a description at a sentence, with a warning), and an AI answer that
//! passes one is no answer. One figure per text, read by all three.

/// A product's texts.
pub mod product {
    pub const NAME: usize = 300;
    pub const DESCRIPTION: usize = 5_000;
    /// Brand and category.
    pub const LABEL: usize = 200;
    pub const SKU: usize = 100;
    pub const EAN: usize = 20;
    /// The owner's note on a product to review.
    pub const REVIEW_NOTE: usize = 500;
}

/// A shop's texts (registration and settings).
pub mod shop {
    /// At least two visible characters.
    pub const NAME: usize = 200;
    pub const NAME_MIN: usize = 2;
    pub const DESCRIPTION: usize = 5_000;
    pub const DESCRIPTION_MIN: usize = 10;
    pub const ADDRESS: usize = 300;
    pub const ADDRESS_MIN: usize = 5;
    pub const CITY: usize = 120;
    /// Bytes: digits, spaces and `+-./()`.
    pub const TELEPHONE: usize = 40;
    /// Bytes of the normalised address.
    pub const WEBSITE: usize = 500;
    /// Partner group shown under the shop's name.
    pub const PARTNER_GROUP: usize = 200;
}

/// A listing of products or shops (a shop's pages, the dashboard, the API, the explore page).
pub mod listing {
    /// Items a page may ask for (`per_page`).
    pub const PER_PAGE: u64 = 100;
    /// The last page a request may ask for (`page`).
    pub const PAGE: u64 = 100_000;
    /// Characters of a search (`q`) and of a category or brand asked for; the rest is
    /// dropped. The search box takes no more.
    pub const SEARCH: usize = 200;
}
