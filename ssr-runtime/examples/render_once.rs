//! Prints one render's JSON-free output, to compare an engine's markup with another's.
//!
//! cargo run -p ssr-runtime --example render_once -- BUNDLE.js URL PROPS.json

use std::path::PathBuf;
use std::process::ExitCode;

use ssr_runtime::{PoolConfig, RenderPool};

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [bundle, url, props_file] = args.as_slice() else {
        eprintln!("usage: render_once BUNDLE.js URL PROPS.json");
        return ExitCode::FAILURE;
    };
    let props = match std::fs::read_to_string(props_file) {
        Ok(props) => props,
        Err(error) => {
            eprintln!("{props_file}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let config = PoolConfig {
        threads: 1,
        ..PoolConfig::default()
    };
    let rendered = match RenderPool::from_file(&PathBuf::from(bundle), config) {
        Ok(pool) => pool.render(url, &props).await,
        Err(error) => Err(error),
    };
    match rendered {
        Ok(page) => {
            println!(
                "status: {}\nhead: {}\n{}",
                page.status, page.head, page.html
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
