//! AI enrichment: completes names, descriptions, categories, brands and statuses.
//! `builtin` is the offline provider (spec section 4, "Product status").

pub mod builtin;
