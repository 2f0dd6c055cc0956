//! Domain values that parse: once a handler or an import holds one, it is valid, and the
//! rest of the code (services, views, the database) never checks it again.

pub mod availability;
pub mod image_url;
pub mod opening_hours;
pub mod price;
pub mod product_status;
pub mod special_closures;

pub use availability::Availability;
pub use price::{DecimalMark, Price, PriceError};
pub use product_status::ProductStatus;
