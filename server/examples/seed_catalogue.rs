//! Fills a database with large shops for `scripts/bench-scale`: the first shop gets
//! `FIRST` products, the others share the rest of `TOTAL`, all Business, verified, with the
//! password `Bench2026!`. Products are written through the server's own insert (search
//! terms included), with the address of a generated picture already set, so the server starts
//! no image pass: one over a million products would rewrite every row while it is measured.
//!
//! ```sh
//! cargo run --release -p vetrina --example seed_catalogue -- DATABASE_URL SHOPS FIRST TOTAL
//! ```

use anyhow::{bail, Context};
use domain::Plan;
use domain::{Email, Price, ProductFields, ProductStatus};
use sea_orm::{ActiveModelTrait, Set, TransactionTrait};
use time::OffsetDateTime;
use vetrina::auth::password;
use vetrina::services::products::{self, ProductData};
use vetrina::services::stores::{self, StoreDetails};

const PASSWORD: &str = "Bench2026!";
/// Products written per transaction.
const CHUNK: usize = 5_000;

const KINDS: [(&str, &str, &str); 12] = [
    (
        "Trapano avvitatore",
        "Utensili elettrici",
        "a batteria con mandrino autoserrante",
    ),
    (
        "Cemento Portland",
        "Cementi e malte",
        "per getti, massetti e intonaci",
    ),
    (
        "Lastra in cartongesso",
        "Cartongesso",
        "per pareti e controsoffitti interni",
    ),
    (
        "Pittura lavabile",
        "Pitture e vernici",
        "per interni, bianca, alta copertura",
    ),
    (
        "Tassello in nylon",
        "Ferramenta",
        "per muratura piena e forata",
    ),
    (
        "Raccordo in ottone",
        "Idraulica",
        "filettato femmina-femmina",
    ),
    (
        "Chiave a brugola",
        "Utensili manuali",
        "in acciaio cromo-vanadio",
    ),
    ("Pannello isolante EPS", "Isolanti", "per cappotto termico"),
    (
        "Adesivo per piastrelle",
        "Adesivi",
        "cementizio, classe C2TE",
    ),
    (
        "Guanti da lavoro",
        "Sicurezza",
        "in nitrile, resistenti all'abrasione",
    ),
    (
        "Vite autofilettante",
        "Ferramenta",
        "zincata, testa svasata",
    ),
    (
        "Tubo multistrato",
        "Idraulica",
        "per impianti sanitari e di riscaldamento",
    ),
];
const BRANDS: [&str; 8] = [
    "Bosch",
    "Mapei",
    "Knauf",
    "Sikkens",
    "Fischer",
    "Buzzi",
    "Würth",
    "Perché Srl",
];

fn product(shop: usize, i: usize) -> anyhow::Result<ProductData> {
    let (kind, category, what) = KINDS[i % KINDS.len()];
    let brand = BRANDS[(i / KINDS.len()) % BRANDS.len()];
    let size = 4 + i % 37;
    Ok(ProductData {
        product: ProductFields {
            name: format!("{kind} {brand} {size} mm art. {i}"),
            price: Some(Price::from_cents(i64::try_from(50 + (i * 37) % 99_950)?)?),
            description: Some(format!(
                "{kind} {what}. Misura {size} mm, confezione da {} pezzi. Articolo {i} del \
                 negozio {shop}: disponibile in magazzino e consegnabile in cantiere.",
                1 + i % 50
            )),
            category: Some(category.to_owned()),
            brand: Some(brand.to_owned()),
            image_url: Some(format!("{}bench.svg", vetrina::media::GENERATED_PREFIX)),
            availability: domain::Availability::from_shelf(!i.is_multiple_of(7)),
            sku: Some(format!("B{shop:03}-{i:06}")),
            ean: None,
            image_name: None,
            variants: Vec::new(),
        },
        status: match i % 20 {
            0 => ProductStatus::Incorrect,
            1 | 2 => ProductStatus::Uncertain,
            _ => ProductStatus::Normal,
        },
        // the review queue's groups: the engine's reasons
        review_note: match i % 20 {
            0 => Some(domain::messages::NOTE_NOT_RECOGNISED.to_owned()),
            1 => Some(domain::messages::NOTE_CATEGORY_UNSURE.to_owned()),
            2 => Some(domain::messages::NOTE_BRAND_MISSING.to_owned()),
            _ => None,
        },
        source_name: None,
        suggested_category: None,
        source_category: None,
    })
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, shops, first, total] = args.as_slice() else {
        bail!("usage: seed_catalogue DATABASE_URL SHOPS FIRST TOTAL");
    };
    let (shops, first, total): (usize, usize, usize) =
        (shops.parse()?, first.parse()?, total.parse()?);
    if shops == 0 || first > total {
        bail!("SHOPS must be at least 1 and FIRST at most TOTAL");
    }
    let db = vetrina::db::connect(url).await?;
    let hash = password::hash(PASSWORD.into()).await?;
    let others = (total - first) / shops.saturating_sub(1).max(1);
    let started = std::time::Instant::now();
    for shop in 0..shops {
        let email = format!("bench{shop}@vetrina.it");
        let address = Email::parse(&email).context("bench address")?;
        let details = StoreDetails {
            name: format!("Ferramenta Bench {shop}"),
            description: "Ferramenta, edilizia e colori: il catalogo completo del negozio.".into(),
            partner_group: None,
            logo_img_url: None,
            address: format!("Via Roma {}", shop + 1),
            city: "Milano".into(),
            postal_code: "20121".into(),
            website_url: None,
            telephone: "+39 02 1234 5678".into(),
        };
        let (_, store) = stores::register(&db, &address, hash.clone(), details, true)
            .await
            .with_context(|| format!("shop {email} (is the database empty?)"))?;
        let mut active: entities::store::ActiveModel = store.clone().into();
        active.plan = Set(Plan::Business);
        active.update(&db).await?;
        let count = if shop == 0 { first } else { others };
        for start in (0..count).step_by(CHUNK) {
            let items = (start..count.min(start + CHUNK))
                .map(|i| product(shop, i))
                .collect::<anyhow::Result<Vec<_>>>()?;
            let txn = db.begin().await?;
            products::insert_rows(&txn, store.id, items, OffsetDateTime::now_utc()).await?;
            txn.commit().await?;
        }
        println!(
            "{email} (id {}): {count} products, {:.0?}",
            store.id,
            started.elapsed()
        );
    }
    Ok(())
}
