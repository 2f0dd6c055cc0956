//! Vetrina's domain: the values a shop's catalogue is made of and the rules they follow.
//! Each value parses once, at the boundary (a request, an import's cell, a provider's
//! answer); once the code holds one, it is valid. Nothing here knows HTTP, the database or
//! the runtime: the crates above (decision 041) bring those.

pub mod availability;
pub mod email;
pub mod error_code;
pub mod fold;
pub mod image_url;
pub mod limits;
pub mod messages;
pub mod opening_hours;
pub mod plan;
pub mod postal_code;
pub mod price;
pub mod product_fields;
pub mod product_name;
pub mod product_status;
pub mod search;
pub mod slug;
pub mod special_closures;
pub mod spreadsheet;
pub mod validation;
pub mod xml;

pub use availability::Availability;
pub use email::Email;
pub use error_code::ErrorCode;
pub use plan::{Limits, Plan};
pub use postal_code::Cap;
pub use price::{DecimalMark, Price, PriceError};
pub use product_fields::{ProductFields, Variant};
pub use product_name::{NameProblem, ProductName};
pub use product_status::ProductStatus;
pub use slug::Slug;
