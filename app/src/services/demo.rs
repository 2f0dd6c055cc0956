//! The demo shop "Edilizia Demo": created once, with a realistic catalogue.

use std::fmt;

use domain::Plan;
use domain::{DecimalMark, Email, Price, ProductStatus};
use entities::{product, store};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::products::{self, ProductData};
use super::stores::{self, StoreDetails};
use crate::error::{AppError, Result};
use crate::password;
use domain::ProductFields;

pub const EMAIL: &str = "demo@vetrina.it";
pub const PASSWORD: &str = "Demo2026!";
const CATALOGUE: &str = include_str!("demo_products.tsv");
/// Products of the demo shop in the landing page's hero.
const SHOWCASE: usize = 4;

pub enum Outcome {
    Created { store_id: i64, products: usize },
    AlreadyThere { store_id: i64 },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Created { store_id, products } => writeln!(
                f,
                "Negozio demo «Edilizia Demo» creato (id {store_id}) con {products} prodotti."
            )?,
            Self::AlreadyThere { store_id } => writeln!(
                f,
                "Il negozio demo «Edilizia Demo» esiste già (id {store_id})."
            )?,
        }
        write!(f, "Accesso: email {EMAIL} · password {PASSWORD}")
    }
}

pub async fn seed(db: &DatabaseConnection) -> Result<Outcome> {
    if let Ok(store) = stores::find_by_email(db, EMAIL).await {
        return Ok(Outcome::AlreadyThere { store_id: store.id });
    }
    let details = StoreDetails {
        name: "Edilizia Demo".into(),
        description: "Materiali edili, ferramenta e colori dal 1978: cementi, adesivi, cartongesso, isolanti, \
                      pitture e utensili per professionisti e privati, con consegna in cantiere."
            .into(),
        partner_group: Some("Gruppo Edil Nord".into()),
        logo_img_url: None,
        address: "Via dei Mille 24".into(),
        city: "Milano".into(),
        postal_code: "20129".into(),
        website_url: Some("https://www.ediliziademo.it/".into()),
        telephone: "+39 02 1234 5678".into(),
    };
    let email = Email::parse(EMAIL)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("demo address {EMAIL} refused")))?;
    let hash = password::hash(PASSWORD.into()).await?;
    let (_, store) = stores::register(db, &email, hash, details, true).await?;
    let mut active: entities::store::ActiveModel = store.clone().into();
    active.plan = Set(Plan::Pro);
    active.update(db).await?;
    let items = parse_catalogue();
    let created = products::create_many(db, store.id, items).await?;
    // The junk lines of a real management export (status incorrect) show the dashboard's
    // statuses and review queue; they stay off the shop's public pages, as an owner would
    // keep them until corrected.
    product::Entity::update_many()
        .col_expr(product::Column::Published, false.into())
        .filter(product::Column::StoreId.eq(store.id))
        .filter(product::Column::Status.eq(ProductStatus::Incorrect))
        .exec(db)
        .await?;
    Ok(Outcome::Created {
        store_id: store.id,
        products: created.len(),
    })
}

/// The demo shop, when it is there and public: the landing page's hero shows it.
pub async fn public_store(db: &impl ConnectionTrait) -> Result<Option<store::Model>> {
    Ok(stores::public()
        .filter(store::Column::Email.eq(EMAIL))
        .one(db)
        .await?)
}

/// A few products of the demo shop for the landing page's hero: recognised, with brand,
/// price and picture, from categories spread over the catalogue (neighbouring categories
/// of the catalogue's own order look alike).
pub async fn showcase(db: &impl ConnectionTrait, store_id: i64) -> Result<Vec<product::Model>> {
    let candidates = product::Entity::find()
        .filter(product::Column::StoreId.eq(store_id))
        .filter(product::Column::Published.eq(true))
        .filter(product::Column::Status.eq(ProductStatus::Normal))
        .filter(product::Column::Brand.is_not_null())
        .filter(product::Column::Price.is_not_null())
        .filter(product::Column::ImageUrl.like("/media/%"))
        .order_by_asc(product::Column::Id)
        .limit(200)
        .all(db)
        .await?;
    let mut first_of_each: Vec<product::Model> = Vec::new();
    for p in candidates {
        if !first_of_each.iter().any(|c| c.category == p.category) {
            first_of_each.push(p);
        }
    }
    let step = (first_of_each.len() / SHOWCASE).max(1);
    Ok(first_of_each
        .into_iter()
        .step_by(step)
        .take(SHOWCASE)
        .collect())
}

fn parse_catalogue() -> Vec<ProductData> {
    let opt = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    CATALOGUE
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let [name, brand, category, price, in_stock, status, sku, ean, description, note] =
                f.as_slice()
            else {
                return None;
            };
            Some(ProductData {
                product: ProductFields {
                    name: name.trim().to_owned(),
                    price: Price::parse_as(price, DecimalMark::Dot).ok().flatten(),
                    description: opt(description),
                    category: opt(category),
                    brand: opt(brand),
                    image_url: None,
                    availability: domain::Availability::from_shelf(in_stock.trim() == "si"),
                    sku: opt(sku),
                    ean: opt(ean),
                    image_name: None,
                    variants: Vec::new(),
                },
                status: ProductStatus::parse(status).unwrap_or_default(),
                review_note: opt(note),
                source_name: None,
                suggested_category: None,
                source_category: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use domain::ProductStatus;

    #[test]
    fn the_catalogue_is_complete_and_varied() {
        let items = super::parse_catalogue();
        assert!(items.len() >= 60, "only {} demo products", items.len());
        assert!(items.iter().any(|p| !p.product.availability.in_stock()));
        assert!(items.iter().any(|p| p.status == ProductStatus::Uncertain));
        assert!(items.iter().any(|p| p.status == ProductStatus::Incorrect));
        let written = super::CATALOGUE
            .lines()
            .skip(1)
            .filter(|l| l.split('\t').nth(3).is_some_and(|p| !p.trim().is_empty()))
            .count();
        let read = items.iter().filter(|p| p.product.price.is_some()).count();
        assert_eq!(read, written, "every price written in the catalogue reads");
    }
}
