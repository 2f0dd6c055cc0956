//! `/api/file/*`: the import wizard's calls (docs/product/routes.md; docs/decisions/006-import-api.md).
//! Failures answer `{success: false, error, code}` so the wizard reads one shape.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::messages;
use domain::ErrorCode;
use domain::{Availability, Price, ProductStatus};
use import::{self, ImportError, Limits, Mapping, RowError, RowWarning, Table};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::api::extract::ApiJson;
use crate::api::products::ProductInput;
use crate::api::stores::owner_view;
use crate::auth::Owner;
use crate::error::{ApiError, AppError, ErrorBody};
use crate::services::imports::{
    self, Allowance, AllowanceView, Beyond, ExistingCodes, ImportItem, ProcessError,
    ProcessOptions, Statistics, Upload, MAX_FILE_BYTES,
};
use crate::telemetry::ErrorCause;
use crate::views::OwnerStoreView;
use crate::AppState;

/// The request may carry the multipart envelope and the mapping around the largest file.
pub const FILE_BODY_LIMIT: usize = MAX_FILE_BYTES + 256 * 1024;
/// `{products: [...]}` imports (docs/product/routes.md, `POST /api/file/import`) of a whole business catalogue.
pub const IMPORT_BODY_LIMIT: usize = 64 * 1024 * 1024;
const SAMPLE_ROWS: usize = 5;
const PREVIEW_PRODUCTS: usize = 6;
const PREVIEW_ERRORS: usize = 5;
const TEMPLATE: &str = "\u{feff}name;price;description;brand;category;in_stock;image\r\n\
Cemento Portland 32,5 R 25 kg;6,90;Cemento grigio per malte e calcestruzzi;Buzzi Unicem;Cementi, malte e intonaci;si;\r\n\
Lastra in cartongesso 1200x2500 sp. 12,5 mm;8,40;;Knauf;Cartongesso e controsoffitti;si;https://www.esempio.it/lastra.jpg\r\n";

pub struct Failure {
    status: StatusCode,
    error: String,
    code: ErrorCode,
    /// Why a 500 happened, for the request log.
    cause: Option<ErrorCause>,
    /// `Retry-After` (a full disk, a database that does not answer).
    retry_after: Option<u64>,
}

type FileResult<T> = Result<T, Failure>;

impl Failure {
    fn new(status: StatusCode, error: impl Into<String>, code: ErrorCode) -> Self {
        Self {
            status,
            error: error.into(),
            code,
            cause: None,
            retry_after: None,
        }
    }
}

impl From<AppError> for Failure {
    fn from(err: AppError) -> Self {
        Self::from(ApiError(err))
    }
}

impl From<ApiError> for Failure {
    fn from(err: ApiError) -> Self {
        let cause = ErrorCause::of(&err.0);
        let retry_after = err.0.retry_after();
        let (status, body) = err.into_parts();
        Self {
            cause,
            retry_after,
            ..Self::new(status, body.error, body.code)
        }
    }
}

impl From<ImportError> for Failure {
    fn from(err: ImportError) -> Self {
        let status = match err {
            ImportError::UnsupportedFormat
            | ImportError::NotMetel
            | ImportError::NoMetelInArchive => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ImportError::TooLarge | ImportError::ArchiveTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ImportError::Cancelled => StatusCode::CONFLICT,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        Self::new(status, err.to_string(), err.code())
    }
}

/// The wizard's failure reply.
#[derive(Serialize, ToSchema, TS)]
pub struct FileFailure {
    /// Always false.
    success: bool,
    /// Italian text for the owner.
    error: String,
    code: ErrorCode,
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body = FileFailure {
            success: false,
            error: self.error,
            code: self.code,
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        if let Some(cause) = self.cause {
            cause.attach(&mut response);
        }
        response
    }
}

/// The multipart form of `analyze`: the file (CSV, XLSX or XLS, at most 50 MB).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct FileForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// The workbook's sheet to read (one of `sheets` of an earlier analysis); without it
    /// the sheet that looks most like a list of products.
    sheet: Option<String>,
}

/// The multipart form of `process`.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ProcessForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// The mapping as JSON text (`Mapping`); without it the name column is missing.
    mapping: Option<String>,
    /// "true" or "false".
    #[schema(rename = "regenerateName")]
    regenerate_name: Option<String>,
    /// "true" or "false".
    #[schema(rename = "regeneratePresentProducts")]
    regenerate_present_products: Option<String>,
}

#[derive(Serialize, ToSchema, TS)]
pub struct Analysis {
    success: bool,
    error: Option<String>,
    headers: Vec<String>,
    /// The first data rows, `{header: value}`.
    #[serde(rename = "sampleData")]
    #[schema(value_type = Vec<std::collections::HashMap<String, String>>)]
    #[ts(type = "Array<Record<string, string>>")]
    sample_data: Vec<serde_json::Map<String, serde_json::Value>>,
    mapping: Mapping,
    /// Whether `mapping` is the one the shop confirmed for a file with these headers.
    #[serde(rename = "savedMapping")]
    saved_mapping: bool,
    /// Which price column the mapping uses, when the file has several, in Italian.
    #[serde(rename = "priceNote")]
    price_note: Option<String>,
    /// The workbook's sheets (empty for a CSV); `mapping.sheet` is the one read.
    sheets: Vec<String>,
    /// Which sheet was read and why, when the workbook has several, in Italian.
    #[serde(rename = "sheetNote")]
    sheet_note: Option<String>,
    /// The trade format recognised (a METEL list) and how it is read, in Italian.
    #[serde(rename = "formatNote")]
    format_note: Option<String>,
    #[serde(rename = "totalRows")]
    total_rows: usize,
    warnings: Vec<WarningView>,
    /// What the plan still allows: the wizard says it before the work.
    limits: AllowanceView,
}

/// Read the file's headers and first rows and propose a column mapping. With no import
/// left this month it answers 403 `plan_limit` with the plan's message before reading the
/// file.
#[utoipa::path(post, path = "/api/file/analyze", tag = "files",
    request_body(content = FileForm, content_type = "multipart/form-data"),
    security(("session" = [])),
    responses((status = 200, body = Analysis),
        (status = 400, description = "`file_missing`: no file in the form", body = FileFailure),
        (status = 403, description = "`plan_limit` (`{success: false, …}`), or `foreign_origin`", body = ErrorBody),
        (status = 409, description = "`cancelled` by `cancel-processing`, a newer analysis of the shop or shutdown", body = FileFailure),
        (status = 413, description = "`payload_too_large`, `file_too_large`", body = FileFailure),
        (status = 415, description = "`unsupported_format`", body = FileFailure),
        (status = 422, description = "`empty_file`, `no_header`, `no_rows`, `too_many_rows`, `too_many_columns`, `read_timeout`, `corrupt_file`, `password_protected`", body = FileFailure),
        (status = 500, description = "`internal`", body = FileFailure)))]
pub async fn analyze(
    State(app): State<AppState>,
    owner: Owner,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> FileResult<Json<Analysis>> {
    refuse_oversized(&headers)?;
    let form = read_form(multipart).await?;
    let allowance = Allowance::read(&app.db, owner.store.id).await?;
    allowance.ensure_import_left()?;
    let file = form.file.ok_or_else(missing_file)?;
    let sheet = form.sheet;
    // Cancelled by cancel-processing, shutdown, or this request being dropped.
    let run = app.imports.begin(owner.store.id);
    let cancel = run.flag();
    let table = imports::WORKER
        .run(move || {
            import::read_table_until(
                &file.bytes,
                &file.name,
                file.content_type.as_deref(),
                &Limits::default(),
                sheet.as_deref(),
                &|| cancel.is_cancelled(),
            )
        })
        .await
        .map_err(imports::worker_error)??;
    let saved = imports::saved::find(&app.db, owner.store.id, &table.headers).await?;
    Ok(Json(analysis(table, saved, allowance.view())))
}

/// `saved`: the mapping the shop confirmed last time for these headers, proposed instead of
/// a new guess.
fn analysis(table: Table, saved: Option<Mapping>, limits: AllowanceView) -> Analysis {
    let sample_data = table
        .data_rows()
        .take(SAMPLE_ROWS)
        .map(|(_, cells)| {
            table
                .headers
                .iter()
                .zip(cells)
                .map(|(h, c)| (h.clone(), serde_json::Value::String(c.clone())))
                .collect()
        })
        .collect();
    let saved_mapping = saved.is_some();
    let (mapping, price_note) = match saved {
        Some(saved) => (
            Mapping {
                sheet: table.sheet.clone(),
                ..saved
            },
            None,
        ),
        None => import::propose_for_table(&table),
    };
    Analysis {
        success: true,
        error: None,
        mapping,
        saved_mapping,
        price_note,
        sheets: table.sheets.clone(),
        sheet_note: import::sheet_note(&table),
        format_note: import::format_note(&table),
        total_rows: table.data_row_count(),
        warnings: table.warnings.iter().map(WarningView::from).collect(),
        sample_data,
        headers: table.headers,
        limits,
    }
}

#[derive(Serialize, ToSchema, TS)]
pub struct ProcessReply {
    success: bool,
    error: Option<String>,
    #[serde(rename = "processId")]
    process_id: String,
    /// The first products, for the preview.
    products: Vec<ItemView>,
    /// The first failed rows, for the preview; the report has them all.
    errors: Vec<RowErrorView>,
    warnings: Vec<WarningView>,
    statistics: StatisticsView,
    /// What the plan allowed when the file was processed.
    limits: AllowanceView,
    /// Products the AI provider will complete in the background once imported (0 without
    /// a provider).
    #[serde(rename = "aiFollowUps")]
    ai_follow_ups: usize,
    /// Which column the published prices come from and whether VAT was added, in Italian
    /// (none when no price column is mapped).
    #[serde(rename = "priceSentence")]
    price_sentence: Option<String>,
}

/// The file's figures and how many of its valid rows the plan lets in: every update and
/// the first new products up to the allowance (`fitting`); `beyondPlan` new products
/// would pass it.
#[derive(Serialize, ToSchema, TS)]
pub(crate) struct StatisticsView {
    /// Data rows of the file that are not blank.
    total: usize,
    valid: usize,
    invalid: usize,
    create: usize,
    update: usize,
    fitting: usize,
    #[serde(rename = "beyondPlan")]
    beyond_plan: usize,
}

impl StatisticsView {
    fn new(rows: Statistics, allowance: &Allowance) -> Self {
        let creatable = allowance.creatable(rows.create);
        Self {
            total: rows.total,
            valid: rows.valid,
            invalid: rows.invalid,
            create: rows.create,
            update: rows.update,
            fitting: rows.update + creatable,
            beyond_plan: rows.create - creatable,
        }
    }
}

/// "create" or "update": what the import will do with the row.
#[derive(Clone, Copy, Serialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub(crate) enum RowAction {
    Create,
    Update,
}

/// A processed row, as the preview shows it.
#[derive(Serialize, ToSchema, TS)]
pub(crate) struct ItemView {
    #[serde(rename = "rowIndex")]
    row_index: usize,
    name: String,
    /// Euros with 2 decimals, e.g. 12.50; null when the row gives no price.
    #[schema(value_type = Option<f64>)]
    #[ts(type = "number | null")]
    price: Option<Box<RawValue>>,
    description: Option<String>,
    category: Option<String>,
    brand: Option<String>,
    image_url: Option<String>,
    in_stock: bool,
    availability: Availability,
    status: Option<ProductStatus>,
    sku: Option<String>,
    ean: Option<String>,
    action: RowAction,
}

impl From<&ImportItem> for ItemView {
    fn from(i: &ImportItem) -> Self {
        Self {
            row_index: i.row_number,
            name: i.product.name.clone(),
            price: i.product.price.and_then(Price::json),
            description: i.product.description.clone(),
            category: i.product.category.clone(),
            brand: i.product.brand.clone(),
            image_url: i.product.image_url.clone(),
            in_stock: i.product.availability.in_stock(),
            availability: i.product.availability,
            status: i.status,
            sku: i.product.sku.clone(),
            ean: i.product.ean.clone(),
            action: if i.existing_id.is_some() {
                RowAction::Update
            } else {
                RowAction::Create
            },
        }
    }
}

/// A row that failed, with its messages.
#[derive(Serialize, ToSchema, TS)]
pub(crate) struct RowErrorView {
    #[serde(rename = "rowIndex")]
    row_index: usize,
    product: String,
    errors: Vec<String>,
}

impl From<&RowError> for RowErrorView {
    fn from(e: &RowError) -> Self {
        Self {
            row_index: e.row_number,
            product: e.name_or_raw.clone(),
            errors: e.messages.clone(),
        }
    }
}

/// A remark about the file (`rowIndex` 0) or one of its rows.
#[derive(Serialize, ToSchema, TS)]
pub(crate) struct WarningView {
    #[serde(rename = "rowIndex")]
    row_index: usize,
    message: String,
}

impl From<&RowWarning> for WarningView {
    fn from(w: &RowWarning) -> Self {
        Self {
            row_index: w.row_number,
            message: w.message.clone(),
        }
    }
}

/// Validate every row with the chosen mapping, enrich it and match it to existing
/// products; the result waits on the server for `import` (`processId`, 60 minutes).
#[utoipa::path(post, path = "/api/file/process", tag = "files",
    request_body(content = ProcessForm, content_type = "multipart/form-data"),
    security(("session" = [])),
    responses((status = 200, body = ProcessReply),
        (status = 400, description = "`file_missing`: no file in the form", body = FileFailure),
        (status = 403, description = "`plan_limit` (`{success: false, …}`), or `foreign_origin`", body = ErrorBody),
        (status = 409, description = "`cancelled` by `cancel-processing`", body = FileFailure),
        (status = 413, description = "`payload_too_large`, `file_too_large`", body = FileFailure),
        (status = 415, description = "`unsupported_format`", body = FileFailure),
        (status = 422, description = "`invalid_mapping`, `name_not_mapped`, `unknown_column` and the file's own failures", body = FileFailure),
        (status = 500, description = "`internal`", body = FileFailure)))]
pub async fn process(
    State(app): State<AppState>,
    owner: Owner,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> FileResult<Json<ProcessReply>> {
    refuse_oversized(&headers)?;
    let form = read_form(multipart).await?;
    let file = form.file.ok_or_else(missing_file)?;
    let mapping = mapping_of(form.mapping.as_deref())?;
    let options = ProcessOptions {
        regenerate_name: form.regenerate_name,
        regenerate_present: form.regenerate_present,
        ai_follow_up: matches!(*app.ai, ai::Ai::OpenAi(_)),
        classify: crate::services::category_checks::available(),
    };
    let price_sentence = import::published_price_sentence(&mapping);
    let store_id = owner.store.id;
    let allowance = Allowance::read(&app.db, store_id).await?;
    allowance.ensure_import_left()?;
    let run = app.imports.begin(store_id);
    let cancel = run.flag();
    let existing: ExistingCodes = imports::existing_codes(
        &app.db,
        store_id,
        imports::ByName::for_file(mapping.sku.is_some()),
    )
    .await?;
    let outcome = imports::WORKER
        .run(move || {
            let upload = Upload {
                bytes: &file.bytes,
                file_name: &file.name,
                content_type: file.content_type.as_deref(),
            };
            imports::process(upload, &mapping, options, &existing, &cancel)
        })
        .await
        .map_err(imports::worker_error);
    drop(run);
    let processed = match outcome? {
        Ok(p) => p,
        Err(ProcessError::Cancelled) => {
            return Err(Failure::new(
                StatusCode::CONFLICT,
                messages::IMPORT_CANCELLED,
                ErrorCode::Cancelled,
            ))
        }
        Err(ProcessError::File(e)) => return Err(e.into()),
    };
    let mut reply = ProcessReply::preview(&processed, &allowance, price_sentence);
    reply.process_id = imports::kept::keep(&app.db, store_id, processed).await?;
    Ok(Json(reply))
}

/// The mapping the wizard sent with the file (the form's `mapping` field, JSON).
fn mapping_of(json: Option<&str>) -> FileResult<Mapping> {
    match json {
        Some(json) => serde_json::from_str(json).map_err(|_| {
            Failure::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                messages::IMPORT_MAPPING_INVALID,
                ErrorCode::InvalidMapping,
            )
        }),
        None => Err(ImportError::NameNotMapped.into()),
    }
}

impl ProcessReply {
    /// What the wizard's preview shows of a processed file, before it is kept.
    fn preview(
        processed: &imports::Processed,
        allowance: &Allowance,
        price_sentence: Option<String>,
    ) -> Self {
        Self {
            success: true,
            error: None,
            process_id: String::new(),
            products: processed
                .items
                .iter()
                .take(PREVIEW_PRODUCTS)
                .map(ItemView::from)
                .collect(),
            errors: processed
                .errors
                .iter()
                .take(PREVIEW_ERRORS)
                .map(RowErrorView::from)
                .collect(),
            warnings: processed.warnings.iter().map(WarningView::from).collect(),
            statistics: StatisticsView::new(processed.statistics, allowance),
            limits: allowance.view(),
            ai_follow_ups: processed
                .items
                .iter()
                .filter(|i| i.ai_input.is_some())
                .count(),
            price_sentence,
        }
    }
}

#[derive(Serialize, ToSchema, TS)]
pub struct Cancelled {
    success: bool,
    /// False when nothing was running.
    cancelled: bool,
}

/// Stop the shop's running process; its own request then answers 409 `cancelled`.
#[utoipa::path(post, path = "/api/file/cancel-processing", tag = "files",
    security(("session" = [])),
    responses((status = 200, body = Cancelled)))]
pub async fn cancel(State(app): State<AppState>, owner: Owner) -> Json<Cancelled> {
    let cancelled = app.imports.cancel(owner.store.id);
    if !cancelled {
        tracing::info!(
            store = owner.store.id,
            "cancel requested with no processing running"
        );
    }
    Json(Cancelled {
        success: true,
        cancelled,
    })
}

/// `processId` of a processed file, or the products themselves (docs/product/routes.md).
#[derive(Deserialize, ToSchema)]
pub struct ImportRequest {
    #[serde(rename = "processId")]
    process_id: Option<String>,
    /// The documented shape (docs/product/routes.md): the products themselves (as `bulk_upload`).
    products: Option<Vec<ProductInput>>,
    /// Import every update and only the first new products that fit in the plan, instead
    /// of refusing the whole file. The server applies it at write time.
    #[serde(rename = "fitToPlan", default)]
    fit_to_plan: bool,
}

/// Write the processed rows (or the given products) in one transaction; the reply is the
/// shop as `GET /api/stores/me` gives it.
#[utoipa::path(post, path = "/api/file/import", tag = "files", request_body = ImportRequest,
    security(("session" = [])),
    responses((status = 200, body = OwnerStoreView),
        (status = 400, description = "`invalid_json`", body = FileFailure),
        (status = 403, description = "`plan_limit` (`{success: false, …}`), or `foreign_origin`", body = ErrorBody),
        (status = 409, description = "`conflict`: the file is being imported or was imported already", body = FileFailure),
        (status = 410, description = "`process_expired`: process the file again", body = FileFailure),
        (status = 413, description = "`payload_too_large`", body = FileFailure),
        (status = 422, description = "`nothing_to_import`, `validation`", body = FileFailure),
        (status = 500, description = "`internal`", body = FileFailure)))]
pub async fn import(
    State(app): State<AppState>,
    owner: Owner,
    request: Result<ApiJson<ImportRequest>, ApiError>,
) -> FileResult<Json<OwnerStoreView>> {
    let ApiJson(request) = request?;
    let store_id = owner.store.id;
    let beyond = if request.fit_to_plan {
        Beyond::Drop
    } else {
        Beyond::Refuse
    };
    let written = match (request.process_id, request.products) {
        (Some(id), _) => {
            let Some(_importing) = app.imports.importing(&id) else {
                return Err(imports::kept::already_imported().into());
            };
            let Some(processed) = imports::kept::get(&app.db, store_id, &id).await? else {
                if imports::kept::was_imported(&app.db, store_id, &id).await? {
                    return Err(imports::kept::already_imported().into());
                }
                return Err(Failure::new(
                    StatusCode::GONE,
                    messages::IMPORT_EXPIRED,
                    ErrorCode::ProcessExpired,
                ));
            };
            if processed.items.is_empty() {
                return Err(nothing_to_import());
            }
            let written =
                imports::import(&app.db, store_id, &processed.items, beyond, Some(&id)).await?;
            // The next file with these headers is proposed the mapping just confirmed.
            imports::saved::remember(
                &app.db,
                store_id,
                &processed.headers_key,
                &processed.mapping,
            )
            .await?;
            written
        }
        (None, Some(products)) if !products.is_empty() => {
            let items = given_products(&app, store_id, products).await?;
            imports::import(&app.db, store_id, &items, beyond, None).await?
        }
        _ => return Err(nothing_to_import()),
    };
    // Updated rows may be anywhere in the shop: the pass reads it all.
    crate::services::product_images::complete_in_background(&app, store_id, 0);
    if written.ai_queued > 0 {
        app.jobs_due.notify_one();
    }
    tracing::info!(
        store = store_id,
        created = written.created,
        updated = written.updated,
        ai_queued = written.ai_queued,
        "import completed"
    );
    let store = crate::services::stores::find(&app.db, store_id).await?;
    Ok(Json(owner_view(&app, store).await?))
}

async fn given_products(
    app: &AppState,
    store_id: i64,
    products: Vec<ProductInput>,
) -> Result<Vec<ImportItem>, Failure> {
    let existing = imports::existing_codes(&app.db, store_id, imports::ByName::Nobody).await?;
    products
        .into_iter()
        .enumerate()
        .map(|(i, input)| {
            let d = input.into_new()?;
            let existing_id = existing.product_for(d.product.sku.as_ref(), d.product.ean.as_ref());
            Ok(ImportItem::of_product(i + 1, d, existing_id))
        })
        .collect()
}

fn nothing_to_import() -> Failure {
    Failure::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        messages::IMPORT_NOTHING,
        ErrorCode::NothingToImport,
    )
}

/// Every failed row of a processed file, as CSV for Excel.
#[utoipa::path(get, path = "/api/file/error-report/{process_id}", tag = "files",
    params(("process_id" = String, Path, description = "`processId` of `process`")),
    security(("session" = [])),
    responses((status = 200, description = "Riga;Prodotto;Errori", content_type = "text/csv", body = String),
        (status = 410, description = "`process_expired`", body = FileFailure)))]
pub async fn error_report(
    State(app): State<AppState>,
    owner: Owner,
    Path(id): Path<String>,
) -> FileResult<Response> {
    let processed = imports::kept::get(&app.db, owner.store.id, &id)
        .await?
        .ok_or_else(|| {
            Failure::new(
                StatusCode::GONE,
                messages::IMPORT_EXPIRED,
                ErrorCode::ProcessExpired,
            )
        })?;
    let csv = import::error_report_csv(&processed.errors);
    Ok(csv_attachment(csv, "errori-importazione.csv"))
}

/// The template CSV with the export's columns (docs/product/routes.md) and two example rows.
#[utoipa::path(get, path = "/api/file/template", tag = "files",
    responses((status = 200, description = "The template", content_type = "text/csv", body = String)))]
pub async fn template() -> Response {
    csv_attachment(TEMPLATE.to_string(), "modello-prodotti-vetrina.csv")
}

fn csv_attachment(body: String, file_name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        body,
    )
        .into_response()
}

struct FilePart {
    name: String,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

#[derive(Default)]
struct Form {
    file: Option<FilePart>,
    mapping: Option<String>,
    sheet: Option<String>,
    regenerate_name: bool,
    regenerate_present: bool,
}

/// A declared length over the limit is refused before a byte of the body is read.
fn refuse_oversized(headers: &HeaderMap) -> FileResult<()> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    match declared {
        Some(n) if n > FILE_BODY_LIMIT => Err(too_large()),
        _ => Ok(()),
    }
}

fn too_large() -> Failure {
    Failure::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        messages::IMPORT_FILE_TOO_LARGE,
        ErrorCode::PayloadTooLarge,
    )
}

fn missing_file() -> Failure {
    Failure::new(
        StatusCode::BAD_REQUEST,
        messages::IMPORT_FILE_MISSING,
        ErrorCode::FileMissing,
    )
}

/// Reads the form's parts; the file is refused as soon as it passes the size limit. A body
/// that is not `multipart/form-data` has no file.
async fn read_form(multipart: Result<Multipart, MultipartRejection>) -> FileResult<Form> {
    let mut multipart = multipart.map_err(|_| missing_file())?;
    let broken = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            missing_file()
        }
    };
    let mut form = Form::default();
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        let field_name = field.name().unwrap_or_default().to_string();
        if field_name == "file" || field.file_name().is_some() {
            let name = field.file_name().unwrap_or_default().to_string();
            let content_type = field.content_type().map(str::to_string);
            let mut bytes = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(broken)? {
                if bytes.len() + chunk.len() > MAX_FILE_BYTES {
                    return Err(too_large());
                }
                bytes.extend_from_slice(&chunk);
            }
            form.file = Some(FilePart {
                name,
                content_type,
                bytes,
            });
            continue;
        }
        let text = field.text().await.map_err(broken)?;
        match field_name.as_str() {
            "mapping" => form.mapping = Some(text),
            "sheet" => form.sheet = Some(text).filter(|s| !s.trim().is_empty()),
            "regenerateName" => form.regenerate_name = is_true(&text),
            "regeneratePresentProducts" => form.regenerate_present = is_true(&text),
            _ => {}
        }
    }
    Ok(form)
}

fn is_true(s: &str) -> bool {
    matches!(s.trim(), "true" | "1" | "on")
}
