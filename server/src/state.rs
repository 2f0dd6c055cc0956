//! What every request handler can reach: the application and the page renderer.

use std::ops::Deref;
use std::sync::Arc;

use app::App;

use crate::render::Pages;

#[derive(Clone)]
pub struct AppState {
    pub app: App,
    pub pages: Arc<Pages>,
}

/// A handler reaches the database, the settings and the use cases' state as `state.db`,
/// `state.config`…, and passes `&state` where a use case asks for `&App`.
impl Deref for AppState {
    type Target = App;

    fn deref(&self) -> &App {
        &self.app
    }
}
