//! What the bundle finds in its global scope besides the ECMAScript built-ins.

use rquickjs::{Ctx, Function};

/// Log target of everything the bundle prints through `console`.
pub(crate) const LOG_TARGET: &str = "ssr";

const HOST_SCRIPT: &str = include_str!("host.js");

/// Defines `console`, timer stubs and `TextEncoder` in the context's global scope.
pub(crate) fn install(ctx: &Ctx<'_>) -> rquickjs::Result<()> {
    let setup: Function = ctx.eval(HOST_SCRIPT)?;
    let log = Function::new(ctx.clone(), forward_log)?;
    setup.call::<_, ()>((ctx.globals(), log))
}

fn forward_log(level: String, message: String) {
    match level.as_str() {
        "error" => tracing::error!(target: LOG_TARGET, "{message}"),
        "warn" => tracing::warn!(target: LOG_TARGET, "{message}"),
        "debug" => tracing::debug!(target: LOG_TARGET, "{message}"),
        _ => tracing::info!(target: LOG_TARGET, "{message}"),
    }
}
