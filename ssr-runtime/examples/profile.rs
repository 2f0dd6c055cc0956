//! Where a render of the server bundle spends its time, by JavaScript function.
//!
//! cargo run --release -p ssr-runtime --example profile -- BUNDLE.js
//!     [--url PATH] [--props FILE.json] [--renders N] [--top N]
//!
//! QuickJS calls its interrupt handler every 10,000 calls and backward jumps of the script;
//! there the profiler takes the script's stack (an `Error`'s backtrace) as one sample. "self"
//! counts the samples a function was on top of the stack, "total" those it was anywhere in it
//! (QuickJS keeps a backtrace's 64 innermost frames, so deep renders undercount the outermost).
//! Function names are readable because the server bundle keeps its identifiers (build.mjs).

// rquickjs has no safe way to reach the running context from the interrupt handler: this
// measuring tool (never the server) calls QuickJS's C API for it.
#![allow(unsafe_code)]

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::ffi::CStr;
use std::process::ExitCode;
use std::rc::Rc;

use rquickjs::{qjs, CatchResultExt, Context, Function, Runtime};

#[derive(Default)]
struct Samples {
    taken: u64,
    self_count: HashMap<String, u64>,
    total_count: HashMap<String, u64>,
}

/// The frames of a QuickJS stack trace, innermost first: "    at name (file:line:col)" → "name",
/// or "<anonymous> (file:line:col)" for a function without a name.
fn frames(stack: &str) -> Vec<String> {
    stack
        .lines()
        .filter_map(|line| line.trim().strip_prefix("at "))
        .map(|frame| match frame.split_once(" (") {
            Some((name, _)) if name != "<anonymous>" => name.to_owned(),
            Some((_, place)) => format!("<anonymous> ({place}"),
            None => frame.to_owned(),
        })
        .collect()
}

/// Takes the current script stack as a sample. Runs inside QuickJS's interrupt check, where the
/// interpreter's values are all on its stack, so creating an `Error` there is safe.
fn sample(ctx: *mut qjs::JSContext, samples: &mut Samples) {
    // SAFETY: `ctx` is the context that is running the script (one thread, kept alive by main).
    let stack = unsafe {
        let error = qjs::JS_NewError(ctx);
        let stack = qjs::JS_GetPropertyStr(ctx, error, c"stack".as_ptr());
        let mut len = 0;
        let text = qjs::JS_ToCStringLen2(ctx, &mut len, stack, false);
        let owned = if text.is_null() {
            String::new()
        } else {
            CStr::from_ptr(text).to_string_lossy().into_owned()
        };
        qjs::JS_FreeCString(ctx, text);
        qjs::JS_FreeValue(ctx, stack);
        qjs::JS_FreeValue(ctx, error);
        owned
    };
    let frames = frames(&stack);
    let Some(top) = frames.first() else { return };
    samples.taken += 1;
    *samples.self_count.entry(top.clone()).or_default() += 1;
    for name in frames.iter().collect::<HashSet<_>>() {
        *samples.total_count.entry(name.clone()).or_default() += 1;
    }
}

fn print_top(title: &str, counts: &HashMap<String, u64>, taken: u64, top: usize) {
    let mut rows: Vec<_> = counts.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("\n{title}");
    for (name, count) in rows.into_iter().take(top) {
        println!("{:6.1} %  {name}", *count as f64 * 100.0 / taken as f64);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut bundle = None;
    let mut url = "/".to_owned();
    let mut props = r#"{"site":{"publicUrl":"http://localhost:3000"}}"#.to_owned();
    let mut renders = 500usize;
    let mut top = 40usize;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--url" => url = value("--url")?,
            "--props" => {
                let path = value("--props")?;
                props = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            }
            "--renders" => {
                renders = value("--renders")?
                    .parse()
                    .map_err(|e| format!("--renders: {e}"))?
            }
            "--top" => top = value("--top")?.parse().map_err(|e| format!("--top: {e}"))?,
            _ if bundle.is_none() && !arg.starts_with("--") => bundle = Some(arg),
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    let bundle = bundle
        .ok_or("usage: profile BUNDLE.js [--url PATH] [--props FILE] [--renders N] [--top N]")?;
    let code = std::fs::read_to_string(&bundle).map_err(|e| format!("{bundle}: {e}"))?;

    let runtime = Runtime::new().map_err(|e| e.to_string())?;
    let context = Context::full(&runtime).map_err(|e| e.to_string())?;
    let samples = Rc::new(RefCell::new(Samples::default()));
    let raw_ctx = context.with(|ctx| ctx.as_raw().as_ptr());
    let recording = Rc::new(Cell::new(false));
    {
        let samples = Rc::clone(&samples);
        let recording = Rc::clone(&recording);
        runtime.set_interrupt_handler(Some(Box::new(move || {
            if recording.get() {
                sample(raw_ctx, &mut samples.borrow_mut());
            }
            false
        })));
    }
    context.with(|ctx| -> Result<(), String> {
        ssr_runtime::install_host(&ctx).map_err(|e| e.to_string())?;
        // QuickJS's own limit is 64 frames; the default is 10.
        ctx.eval::<(), _>("Error.stackTraceLimit = 64;")
            .map_err(|e| e.to_string())?;
        ctx.eval::<(), _>(code)
            .catch(&ctx)
            .map_err(|e| format!("bundle: {e}"))?;
        let render: Function = ctx
            .globals()
            .get("vetrinaRender")
            .map_err(|e| e.to_string())?;
        for i in 0..renders + 20 {
            // The first renders fill the bundle's caches: not what a steady server does.
            recording.set(i >= 20);
            render
                .call::<_, rquickjs::Value>((url.as_str(), props.as_str()))
                .catch(&ctx)
                .map_err(|e| format!("render: {e}"))?;
        }
        recording.set(false);
        Ok(())
    })?;

    let samples = samples.borrow();
    println!("{} samples over {renders} renders of {url}", samples.taken);
    print_top(
        "self (on top of the stack)",
        &samples.self_count,
        samples.taken,
        top,
    );
    print_top(
        "total (anywhere in the stack)",
        &samples.total_count,
        samples.taken,
        top,
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
