//! One QuickJS runtime with the server bundle loaded, rendering under time and memory limits.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::context::EvalOptions;
use rquickjs::convert::Coerced;
use rquickjs::{CatchResultExt, CaughtError, Context, Ctx, FromJs, Function, Runtime, Value};

use crate::{host, RenderedPage, SsrError};

const RENDER_FUNCTION: &str = "vetrinaRender";
const BUNDLE_FILENAME: &str = "entry-server.js";

/// Evaluating the bundle does more work than one render, so it gets a looser limit;
/// a bundle that loops at load time still fails instead of hanging start-up.
const MIN_LOAD_TIME_LIMIT: Duration = Duration::from_secs(10);

/// QuickJS checks its stack usage against this; the worker thread's stack must be larger.
pub(crate) const JS_STACK_LIMIT: usize = 4 * 1024 * 1024;

#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub timeout: Duration,
    pub memory: usize,
}

/// Shared between the engine and its interrupt handler (same thread).
#[derive(Default)]
struct Watchdog {
    deadline: Cell<Option<Instant>>,
    fired: Cell<bool>,
}

impl Watchdog {
    fn arm(&self, limit: Duration) {
        self.fired.set(false);
        self.deadline.set(Instant::now().checked_add(limit));
    }

    fn disarm(&self) {
        self.deadline.set(None);
    }

    fn expired(&self) -> bool {
        self.deadline.get().is_some_and(|d| Instant::now() >= d)
    }

    /// Called by QuickJS every few thousand instructions; `true` aborts the script.
    fn should_interrupt(&self) -> bool {
        let expired = self.expired();
        if expired {
            self.fired.set(true);
        }
        expired
    }
}

pub(crate) struct Engine {
    // Field order matters: the context must be dropped before its runtime.
    context: Context,
    runtime: Runtime,
    watchdog: Rc<Watchdog>,
    limits: Limits,
}

impl Engine {
    /// Starts a runtime, installs the host objects and evaluates the bundle.
    pub(crate) fn load(bundle: &str, limits: Limits) -> Result<Self, SsrError> {
        let runtime = Runtime::new().map_err(|e| SsrError::Load(e.to_string()))?;
        runtime.set_memory_limit(limits.memory);
        runtime.set_max_stack_size(JS_STACK_LIMIT);
        let watchdog = Rc::new(Watchdog::default());
        let handler_watchdog = Rc::clone(&watchdog);
        runtime.set_interrupt_handler(Some(Box::new(move || handler_watchdog.should_interrupt())));
        let context = Context::full(&runtime).map_err(|e| SsrError::Load(e.to_string()))?;
        let engine = Self {
            context,
            runtime,
            watchdog,
            limits,
        };
        engine.watchdog.arm(limits.timeout.max(MIN_LOAD_TIME_LIMIT));
        let loaded = engine.evaluate_bundle(bundle);
        engine.watchdog.disarm();
        loaded.map(|()| engine)
    }

    fn evaluate_bundle(&self, bundle: &str) -> Result<(), SsrError> {
        self.context.with(|ctx| {
            host::install(&ctx)
                .catch(&ctx)
                .map_err(|e| SsrError::Load(format!("host objects: {e}")))?;
            let mut options = EvalOptions::default();
            // A script tag is sloppy mode; bundles are written for that.
            options.strict = false;
            options.filename = Some(BUNDLE_FILENAME.to_owned());
            ctx.eval_with_options::<(), _>(bundle, options)
                .catch(&ctx)
                .map_err(|e| SsrError::Load(self.describe(&ctx, e).to_string()))?;
            let render: Value = ctx
                .globals()
                .get(RENDER_FUNCTION)
                .catch(&ctx)
                .map_err(|e| SsrError::Load(e.to_string()))?;
            if render.is_function() {
                Ok(())
            } else {
                Err(SsrError::Load(format!(
                    "the bundle does not define globalThis.{RENDER_FUNCTION}"
                )))
            }
        })
    }

    /// Calls `vetrinaRender(url, propsJson)` and reads the page it returns.
    pub(crate) fn render(&self, url: &str, props_json: &str) -> Result<RenderedPage, SsrError> {
        self.watchdog.arm(self.limits.timeout);
        let rendered = self
            .context
            .with(|ctx| self.call_render(&ctx, url, props_json));
        // Promise callbacks queued by the render must not leak into the next one.
        let drained = self.drain_jobs();
        self.watchdog.disarm();
        // Only engine-spoiling errors come out of draining; they win so the engine is rebuilt.
        drained?;
        rendered
    }

    fn call_render(
        &self,
        ctx: &Ctx<'_>,
        url: &str,
        props_json: &str,
    ) -> Result<RenderedPage, SsrError> {
        let outcome = ctx
            .globals()
            .get::<_, Function>(RENDER_FUNCTION)
            .and_then(|render| render.call::<_, Value>((url, props_json)))
            .catch(ctx);
        let value = outcome.map_err(|e| self.describe(ctx, e))?;
        let Some(page) = value.as_object() else {
            return Err(SsrError::BadOutput(format!(
                "{RENDER_FUNCTION} returned {}, not an object",
                value.type_name()
            )));
        };
        let status = page
            .get::<_, Value>("status")
            .ok()
            .and_then(|s| s.as_number())
            .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u16::MAX)).contains(n))
            .ok_or_else(|| SsrError::BadOutput("status is not a whole number".into()))?;
        RenderedPage::new(
            self.text_field(ctx, page, "html")?,
            self.text_field(ctx, page, "head")?,
            status as u16,
        )
    }

    /// A string property of the returned page. Read as bytes: an unpaired surrogate, which
    /// a Rust string cannot hold, becomes one U+FFFD instead of failing the page.
    fn text_field(
        &self,
        ctx: &Ctx<'_>,
        page: &rquickjs::Object<'_>,
        name: &str,
    ) -> Result<String, SsrError> {
        let text: rquickjs::String = page
            .get(name)
            .map_err(|_| SsrError::BadOutput(format!("{name} is not a string")))?;
        // The copy is made in the runtime's heap, so a huge page can run out of memory here.
        let bytes = text.to_cstring().map_err(|e| {
            if ctx.has_exception() {
                self.describe(
                    ctx,
                    CaughtError::from_error(ctx, rquickjs::Error::Exception),
                )
            } else {
                SsrError::BadOutput(format!("{name}: {e}"))
            }
        })?;
        Ok(utf8_with_surrogates_replaced(bytes.as_ref()))
    }

    fn drain_jobs(&self) -> Result<(), SsrError> {
        while self.runtime.is_job_pending() {
            if self.watchdog.expired() {
                return Err(SsrError::Timeout);
            }
            if let Err(job_error) = self.runtime.execute_pending_job() {
                let error = job_error.0.with(|ctx| {
                    let caught = CaughtError::from_error(&ctx, rquickjs::Error::Exception);
                    self.describe(&ctx, caught)
                });
                if error.spoils_engine() {
                    return Err(error);
                }
                tracing::warn!(target: host::LOG_TARGET, "a promise job left by the render failed: {error}");
            }
        }
        Ok(())
    }

    /// Turns whatever stopped the script into the pool's error vocabulary.
    fn describe<'js>(&self, ctx: &Ctx<'js>, caught: CaughtError<'js>) -> SsrError {
        if self.watchdog.fired.get() {
            return SsrError::Timeout;
        }
        match caught {
            CaughtError::Error(rquickjs::Error::Allocation) => SsrError::OutOfMemory,
            CaughtError::Error(other) => SsrError::Js {
                message: other.to_string(),
                stack: None,
            },
            CaughtError::Exception(exception) => {
                let message = exception.message().unwrap_or_default();
                if is_out_of_memory(&message) {
                    return SsrError::OutOfMemory;
                }
                let name = exception
                    .get::<_, Option<Coerced<String>>>("name")
                    .ok()
                    .flatten()
                    .map(|n| n.0);
                SsrError::Js {
                    message: match name {
                        Some(name) if !name.is_empty() => format!("{name}: {message}"),
                        _ => message,
                    },
                    stack: exception.stack().filter(|s| !s.is_empty()),
                }
            }
            CaughtError::Value(value) => {
                // When memory runs out QuickJS-NG may not manage to allocate even the error
                // object; it throws `null` instead ("out of memory: throw JS_NULL"). Neither React
                // nor our code throws `null` itself. The heap cannot be asked here: the context holds the
                // runtime, and by now the render's garbage is freed anyway.
                if value.is_null() {
                    return SsrError::OutOfMemory;
                }
                let message = Coerced::<String>::from_js(ctx, value)
                    .map(|c| c.0)
                    .unwrap_or_else(|_| "a value that cannot be shown".to_owned());
                SsrError::Js {
                    message: format!("uncaught {message}"),
                    stack: None,
                }
            }
        }
    }

    /// The heap is still nearly full, after a collection: the next render would run out of
    /// memory too. Reads the runtime's statistics, so it must be called outside
    /// `Context::with`, which holds the runtime (inside, the read panics).
    pub(crate) fn near_memory_limit(&self) -> bool {
        let nearly_full = self.limits.memory / 10 * 9;
        if self.heap_size() < nearly_full {
            return false;
        }
        self.runtime.run_gc();
        self.heap_size() >= nearly_full
    }

    /// Bytes the runtime holds from the allocator. Outside `Context::with` only.
    fn heap_size(&self) -> usize {
        usize::try_from(self.runtime.memory_usage().malloc_size).unwrap_or(usize::MAX)
    }
}

/// QuickJS writes an unpaired surrogate as its three-byte form (ED A0..BF 80..BF).
fn utf8_with_surrogates_replaced(bytes: &[u8]) -> String {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_owned();
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0xED && bytes.get(i + 1).is_some_and(|b| (0xA0..=0xBF).contains(b)) {
            out.extend_from_slice("\u{FFFD}".as_bytes());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_out_of_memory(message: &str) -> bool {
    message == "out of memory"
}
