//! What the bundle finds in its global scope besides the ECMAScript built-ins.

use rquickjs::{Ctx, Function, IntoJs, Object, Value};

use crate::escape;

/// Log target of everything the bundle prints through `console`.
pub(crate) const LOG_TARGET: &str = "ssr";

const HOST_SCRIPT: &str = include_str!("host.js");

/// Defines `console`, timer stubs and `TextEncoder` in the context's global scope, and
/// `vetrinaHost`: escaping done in Rust (see `escape.rs`). A bundle must also run without
/// `vetrinaHost` (browsers, Node), so each function may answer `null`, meaning "do it yourself".
pub(crate) fn install(ctx: &Ctx<'_>) -> rquickjs::Result<()> {
    let helpers = Object::new(ctx.clone())?;
    helpers.set("escapeHtml", Function::new(ctx.clone(), escape_html)?)?;
    helpers.set(
        "escapeScriptJson",
        Function::new(ctx.clone(), escape_script_json)?,
    )?;
    ctx.globals().set("vetrinaHost", helpers)?;
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

fn escape_html<'js>(ctx: Ctx<'js>, text: rquickjs::String<'js>) -> rquickjs::Result<Value<'js>> {
    escaped(ctx, text, escape::html)
}

fn escape_script_json<'js>(
    ctx: Ctx<'js>,
    text: rquickjs::String<'js>,
) -> rquickjs::Result<Value<'js>> {
    escaped(ctx, text, escape::script_json)
}

/// The same string when nothing needs replacing (no copy on the JS side), the escaped one,
/// or `null` when the result would hold an unpaired surrogate, which a Rust string cannot.
fn escaped<'js>(
    ctx: Ctx<'js>,
    text: rquickjs::String<'js>,
    escape: fn(&[u8]) -> Option<Vec<u8>>,
) -> rquickjs::Result<Value<'js>> {
    let bytes = text.clone().to_cstring()?;
    match escape(bytes.as_ref()) {
        None => Ok(text.into_value()),
        Some(out) => match String::from_utf8(out) {
            Ok(out) => out.into_js(&ctx),
            Err(_) => Ok(Value::new_null(ctx)),
        },
    }
}
