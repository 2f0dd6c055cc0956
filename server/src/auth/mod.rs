//! Who is calling: password hashing, the session cookie and the extractors that turn it
//! into a user or a shop owner, and the device cookie that the login limits trust.

pub mod cookie;
pub mod device;
pub mod extract;
pub mod origin;
pub use app::password;

pub use extract::{CurrentUser, OptionalOwner, Owner};
