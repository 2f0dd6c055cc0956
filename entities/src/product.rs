use domain::search::ProductTerms;
use domain::{Price, ProductStatus};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "products")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub store_id: i64,
    pub name: String,
    pub slug: domain::Slug,
    /// Stored as integer cents; the API speaks euros with 2 decimals.
    #[sea_orm(column_name = "price_cents")]
    pub price: Option<Price>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub brand: Option<String>,
    pub image_url: Option<String>,
    pub in_stock: bool,
    /// Refines `in_stock`: `limited` or `backorder` (`domain::Availability`), else null.
    pub availability: Option<String>,
    /// Shown on public pages; false keeps the product in the dashboard only.
    pub published: bool,
    pub status: ProductStatus,
    pub sku: Option<String>,
    pub ean: Option<String>,
    /// Why the product needs the owner's eye (the AI's reason, or none): dashboard only.
    pub review_note: Option<String>,
    /// The line as the price list had it, when the import tidied or rewrote the name.
    pub source_name: Option<String>,
    /// The file name the price list gave the product's picture ("ABC123.jpg"): a ZIP's
    /// picture of that name is the product's.
    pub image_name: Option<String>,
    /// JSON: the variants the price list gave (`import::variants::Variant`), or none.
    pub variants: Option<String>,
    /// The category the AI proposes when it is not sure (review queue only, never public).
    pub suggested_category: Option<String>,
    /// The category as the price list had it ("A12", the list's own words), whatever the
    /// product is filed under now: what the owner's filing of the list's categories is
    /// learned from (`services::list_categories`).
    pub source_category: Option<String>,
    /// Search terms of the name, and of the other text fields and codes (`domain::search`),
    /// with the version of the rule that wrote them; the name's sort key.
    pub search_name: String,
    pub search_rest: String,
    pub name_key: String,
    pub search_version: i32,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::store::Entity",
        from = "Column::StoreId",
        to = "super::store::Column::Id",
        on_delete = "Cascade"
    )]
    Store,
}

impl Related<super::store::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Store.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// The search terms of a stored product (after an edit, or written by an older rule).
    pub fn search_terms(&self) -> ProductTerms {
        ProductTerms::of(
            &self.name,
            self.brand.as_deref(),
            self.category.as_deref(),
            self.description.as_deref(),
            [self.sku.as_deref(), self.ean.as_deref()],
            self.source_name.as_deref(),
        )
    }
}
