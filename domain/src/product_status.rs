//! How sure the enrichment is of a product (docs/product/states.md, "Product status"): the same
//! lowercase words in the database, the JSON API and the AI providers' answers.

use serde::{Deserialize, Serialize};

#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    ts_rs::TS,
)]
#[cfg_attr(
    feature = "orm",
    derive(sea_orm::EnumIter, sea_orm::DeriveActiveEnum),
    sea_orm(
        rs_type = "String",
        db_type = "String(sea_orm::sea_query::StringLen::N(16))"
    )
)]
#[serde(rename_all = "lowercase")]
pub enum ProductStatus {
    /// brand and category recognised
    #[default]
    #[cfg_attr(feature = "orm", sea_orm(string_value = "normal"))]
    Normal,
    /// only one of them, or a weak match ("Stato incerto")
    #[cfg_attr(feature = "orm", sea_orm(string_value = "uncertain"))]
    Uncertain,
    /// nothing recognised ("Stato errato")
    #[cfg_attr(feature = "orm", sea_orm(string_value = "incorrect"))]
    Incorrect,
}

impl ProductStatus {
    pub const ALL: [ProductStatus; 3] = [Self::Normal, Self::Uncertain, Self::Incorrect];

    /// `normal`, `uncertain` or `incorrect`, whatever the case and surrounding spaces.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "normal" => Some(Self::Normal),
            "uncertain" => Some(Self::Uncertain),
            "incorrect" => Some(Self::Incorrect),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Normal => "normal",
            Self::Uncertain => "uncertain",
            Self::Incorrect => "incorrect",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ProductStatus;

    #[test]
    fn one_word_per_status_everywhere() {
        for status in ProductStatus::ALL {
            let word = status.as_str();
            #[cfg(feature = "orm")]
            assert_eq!(sea_orm::ActiveEnum::to_value(&status), word, "database");
            assert_eq!(
                serde_json::to_value(status).ok(),
                Some(serde_json::Value::from(word)),
                "JSON"
            );
            assert_eq!(ProductStatus::parse(word), Some(status));
            assert_eq!(
                ProductStatus::parse(&format!(" {} ", word.to_uppercase())),
                Some(status)
            );
        }
        assert_eq!(ProductStatus::parse("exact"), None);
        assert_eq!(ProductStatus::default(), ProductStatus::Normal);
    }
}
