//! The `vetrina` command: serve, seed-demo, shop set-plan.

use std::process::ExitCode;

use clap::Parser;
use domain::plan::Plan;
use tracing_subscriber::EnvFilter;
use vetrina::config::{Cli, Command, ShopCommand};
use vetrina::services::{demo, stores};

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("errore: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(args) => {
            // Before the configuration, whose default connection cap follows from it.
            let open_files = vetrina::net::raise_open_file_limit();
            let config = args.validate().map_err(anyhow::Error::msg)?;
            match open_files {
                Ok(open_files) => tracing::info!(
                    open_files,
                    max_connections = config.connections.max_connections,
                    "open-file limit"
                ),
                Err(err) => tracing::warn!("open-file limit not raised: {err}"),
            }
            let listener = tokio::net::TcpListener::bind(config.bind)
                .await
                .map_err(|e| anyhow::anyhow!("impossibile ascoltare su {}: {e}", config.bind))?;
            let state = vetrina::build_state(config).await?;
            // Products still without an image (an interrupted pass, older data) get theirs.
            if let Err(err) =
                vetrina::services::product_images::complete_all_in_background(&state).await
            {
                tracing::warn!("product image passes not started: {err}");
            }
            // Background work, claimed from the database: once across all instances.
            tokio::spawn(vetrina::services::jobs::run_forever(state.app.clone()));
            // This instance's page views, written every few seconds.
            tokio::spawn(vetrina::analytics::flush_forever(state.app.clone()));
            tracing::info!(
                "Vetrina listening on http://{} (public URL: {})",
                listener.local_addr()?,
                state.config.public_url
            );
            vetrina::serve(listener, state).await
        }
        Command::SeedDemo(args) => {
            let db = vetrina::db::connect(&args.resolve().map_err(anyhow::Error::msg)?).await?;
            let outcome = demo::seed(&db).await?;
            println!("{outcome}");
            Ok(())
        }
        Command::Shop {
            command: ShopCommand::SetPlan { db, email, plan },
        } => {
            let plan = Plan::parse(plan.trim()).ok_or_else(|| {
                anyhow::anyhow!("piano sconosciuto «{plan}»: usa free, starter, pro o business")
            })?;
            let conn = vetrina::db::connect(&db.resolve().map_err(anyhow::Error::msg)?).await?;
            let store = stores::set_plan(&conn, &email, plan)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let limits = plan.limits();
            let show =
                |v: Option<u64>| v.map_or_else(|| "illimitati".to_owned(), |n| n.to_string());
            println!(
                "Negozio «{}» ({}): piano {} ({})",
                store.name,
                store.email,
                plan.as_str(),
                plan.title()
            );
            println!("  prodotti: {}", show(limits.products));
            println!(
                "  importazioni al mese: {}",
                show(limits.imports_per_month.map(u64::from))
            );
            println!(
                "  rigenerazioni al mese: {}",
                show(limits.regenerations_per_month.map(u64::from))
            );
            Ok(())
        }
    }
}
