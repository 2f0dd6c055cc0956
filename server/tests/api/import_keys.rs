//! Price lists as distributors and shop platforms write them, imported with the wizard's
//! proposal as it stands: the public price includes VAT, a code column is the key, and a
//! second import of the same list updates instead of duplicating.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Shop};
use crate::import::{analyze, process, product_count};
use crate::photo_batches::zip_of;

/// analyze → process with the proposal untouched; the analysis and the processing.
async fn proposed(shop: &Shop, csv: &str, name: &str) -> (Value, Value) {
    let bytes = csv.as_bytes().to_vec();
    let (status, analysis) = analyze(shop, bytes.clone(), name).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let (status, processed) = process(shop, bytes, name, &analysis["mapping"], false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    (analysis, processed)
}

async fn confirm(shop: &Shop, processed: &Value) {
    let reply = shop
        .post(
            "/api/file/import",
            json!({"processId": processed["processId"]}),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
}

/// The list imported again as proposed: every one of the shop's `products` updated, none
/// created.
async fn imported_again_updates(shop: &Shop, csv: &str, products: u64) {
    let (_, again) = proposed(shop, csv, "listino.csv").await;
    let statistics = &again["statistics"];
    assert_eq!(
        (statistics["create"].as_u64(), statistics["update"].as_u64()),
        (Some(0), Some(products)),
        "{again}"
    );
    confirm(shop, &again).await;
    assert_eq!(product_count(shop).await, products);
}

/// The shop's prices by SKU, as the pages publish them.
async fn public_prices(shop: &Shop) -> Vec<(String, f64)> {
    let mut prices: Vec<(String, f64)> = shop
        .products()
        .await
        .iter()
        .map(|p| {
            (
                p["sku"].as_str().unwrap_or_default().to_owned(),
                p["price"].as_f64().unwrap(),
            )
        })
        .collect();
    prices.sort_by(|a, b| a.0.cmp(&b.0));
    prices
}

const DISTRIBUTOR: &str =
    "Codice Prodotto;Descrizione;Listino Base;Netto Cliente;Street Price Ivato;Cat\n\
    TR-100   ;Trapano avvitatore 18V;100,00;62,00;119,90;Elettroutensili\n\
    TR-100   ;Trapano avvitatore 18V;100,00;62,00;119,90;Offerte\n\
    SG-200   ;Smerigliatrice 125 mm;50,00;31,00;59,90;Elettroutensili\n\
    MT-300   ;Metro a nastro 5 m;8,00;4,50;9,50;Misura\n";

#[tokio::test]
async fn a_distributors_list_publishes_its_vat_inclusive_price_and_a_second_import_updates() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (analysis, processed) = proposed(&shop, DISTRIBUTOR, "listino.csv").await;
    let m = &analysis["mapping"];
    assert_eq!(m["price"], "Street Price Ivato", "{m}");
    assert!(m.get("pricesIncludeVat").is_none_or(|v| v != false), "{m}");
    assert_eq!(
        m["sku"], "Codice Prodotto",
        "codes repeat, and are still the key"
    );
    let note = analysis["priceNote"].as_str().unwrap();
    assert!(
        note.contains("«Street Price Ivato»") && note.contains("IVA inclusa"),
        "{note}"
    );
    assert!(
        note.contains("«Listino Base»") && note.contains("«Netto Cliente»"),
        "{note}"
    );
    let sentence = processed["priceSentence"].as_str().unwrap();
    assert!(
        sentence.contains("«Street Price Ivato»") && sentence.contains("già IVA inclusa"),
        "{sentence}"
    );
    // The code's two rows (one per catalogue category) are one product, and said so.
    assert_eq!(processed["statistics"]["valid"], 3, "{processed}");
    assert_eq!(processed["statistics"]["invalid"], 0);
    let warnings = processed["warnings"].to_string();
    assert!(warnings.contains("1 riga ripete il codice"), "{warnings}");
    assert_eq!(processed["products"][0]["price"], 119.9);
    confirm(&shop, &processed).await;
    assert_eq!(
        public_prices(&shop).await,
        [
            ("MT-300".into(), 9.5),
            ("SG-200".into(), 59.9),
            ("TR-100".into(), 119.9)
        ]
    );

    imported_again_updates(&shop, DISTRIBUTOR, 3).await;
}

#[tokio::test]
async fn a_price_without_vat_is_published_with_the_vat_added() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    // PrestaShop's export: the price without tax, and barcodes one product shares.
    let csv = "Reference #,Name,Price tax excluded,EAN13\n\
               PS-1,Pannello isolante,100,8001234567897\n\
               PS-2,Pannello isolante 2,10,8001234567897\n\
               PS-3,Pannello isolante 3,1,8001234567897\n";
    let (analysis, processed) = proposed(&shop, csv, "prestashop.csv").await;
    let m = &analysis["mapping"];
    assert_eq!(m["price"], "Price tax excluded");
    assert_eq!(m["pricesIncludeVat"], false, "{m}");
    assert_eq!(m["sku"], "Reference #");
    let sentence = processed["priceSentence"].as_str().unwrap();
    assert!(
        sentence.contains("con l'IVA aggiunta (il 22%)"),
        "{sentence}"
    );
    // Every row kept: the later ones without the barcode the first has.
    assert_eq!(processed["statistics"]["valid"], 3, "{processed}");
    let warnings = processed["warnings"].to_string();
    assert!(
        warnings.contains("8001234567897 è già della riga 2"),
        "{warnings}"
    );
    confirm(&shop, &processed).await;
    assert_eq!(
        public_prices(&shop).await,
        [
            ("PS-1".into(), 122.0),
            ("PS-2".into(), 12.2),
            ("PS-3".into(), 1.22)
        ]
    );
    let eans: Vec<Value> = shop
        .products()
        .await
        .iter()
        .map(|p| p["ean"].clone())
        .collect();
    assert_eq!(eans.iter().filter(|e| e.is_string()).count(), 1, "{eans:?}");
}

#[tokio::test]
async fn of_two_unnamed_prices_one_vat_apart_the_higher_is_published() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let csv = "Articolo;Descrizione;Prezzo;Prezzo 2\n\
               V1;Vite autofilettante;10,00;12,20\n\
               V2;Tassello nylon;1,00;1,22\n\
               V3;Rondella zincata;0,50;0,61\n";
    let (analysis, processed) = proposed(&shop, csv, "listino.csv").await;
    assert_eq!(analysis["mapping"]["price"], "Prezzo 2");
    let note = analysis["priceNote"].as_str().unwrap();
    assert!(
        note.contains("supera «Prezzo» di un'aliquota IVA"),
        "{note}"
    );
    assert_eq!(processed["products"][0]["price"], 12.2);
}

#[tokio::test]
async fn a_list_without_codes_imported_twice_updates_by_name_and_brand() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let csv = "Descrizione;Marca;Prezzo\n\
               Silicone acetico trasparente;Saratoga;6,90\n\
               Silicone acetico trasparente;Mapei;7,40\n\
               Stucco in polvere 5 kg;Knauf;12,50\n";
    let (_, first) = proposed(&shop, csv, "listino.csv").await;
    assert_eq!(first["statistics"]["create"], 3, "{first}");
    confirm(&shop, &first).await;
    let changed = csv
        .replace("6,90", "7,10")
        .replace("Stucco in polvere", "STUCCO IN POLVERE");
    imported_again_updates(&shop, &changed, 3).await;
    let saratoga = shop
        .products()
        .await
        .into_iter()
        .find(|p| p["brand"] == "Saratoga")
        .unwrap();
    assert_eq!(saratoga["price"], 7.1);
}

/// A METEL product record at the manual's positions: maker (1–3), code (4–19), EAN (20–32),
/// description (33–75), quantities and lead time (76–97), trade price (98–108), public price
/// (109–119), multiplier (120–125), currency, unit (129–131), flags, date, families.
fn metel_record(
    maker: &str,
    code: &str,
    description: &str,
    public_cents: u64,
    multiplier: u32,
    unit: &str,
) -> String {
    format!(
        "{maker:<3}{code:<16}{:<13}{description:<43}{:<22}{:011}{public_cents:011}{multiplier:06}EUR{unit:<3}  20260301{:<36}",
        "8012199000001", "0001000001000010001001", public_cents / 2, "FAM01"
    )
}

fn metel_list(records: &[String]) -> Vec<u8> {
    // Mark (1–20), maker (21–23), VAT number, list number, valid from (41–48), last change,
    // description (57–86), layout version (126–128).
    let header = format!(
        "{:<20}BTI{}{}{}{}{:<30}{:<39}021",
        "LISTINO METEL",
        "01234567890",
        "000001",
        "20260301",
        "20260301",
        "Listino BTicino 2026",
        ""
    );
    let text = std::iter::once(header)
        .chain(records.iter().cloned())
        .collect::<Vec<_>>()
        .join("\r\n");
    encoding_rs::WINDOWS_1252.encode(&text).0.into_owned()
}

#[tokio::test]
async fn a_metel_list_imports_with_the_price_of_one_unit_and_vat_added() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let mut records = vec![
        metel_record(
            "BTI",
            "N4001N",
            "Interruttore 1P 16A Livinglight",
            590,
            1,
            "PZ",
        ),
        metel_record(
            "PRY",
            "FG16OR163G25",
            "Cavo FG16OR16 3G2,5 guaina grigia",
            12345,
            100,
            "MT",
        ),
        metel_record("VIM", "14003", "Invertitore Plana", 700, 0, "PZ"),
    ];
    records.push(metel_record("VIM", "14002", "Deviatore Plana", 600, 1, "PZ")[..100].to_owned());
    let bytes = metel_list(&records);
    let (status, analysis) = analyze(&shop, bytes.clone(), "BTI-listino.txt").await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let note = analysis["formatNote"].as_str().unwrap();
    assert!(
        note.starts_with("Listino METEL riconosciuto: BTicino"),
        "{note}"
    );
    let m = &analysis["mapping"];
    assert_eq!(
        (
            m["name"].as_str(),
            m["sku"].as_str(),
            m["brand"].as_str(),
            m["price"].as_str()
        ),
        (
            Some("Descrizione"),
            Some("Codice METEL"),
            Some("Produttore"),
            Some("Prezzo di listino IVA esclusa (per unità)")
        ),
        "{m}"
    );
    assert_eq!(m["pricesIncludeVat"], false);
    let (status, processed) = process(&shop, bytes, "BTI-listino.txt", m, false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    let errors = processed["errors"].to_string();
    assert!(
        errors.contains("Moltiplicatore di prezzo 0")
            && errors.contains("Record METEL troppo corto"),
        "{errors}"
    );
    assert_eq!(processed["statistics"]["valid"], 2);
    confirm(&shop, &processed).await;
    let products = shop.products().await;
    let find = |sku: &str| products.iter().find(|p| p["sku"] == sku).unwrap().clone();
    let switch = find("BTI N4001N");
    assert_eq!(
        (switch["price"].as_f64(), switch["brand"].as_str()),
        (Some(7.2), Some("BTicino"))
    );
    // 123,45 € for 100 m without VAT: 1,23 € a metre, 1,50 € with it.
    let cable = find("PRY FG16OR163G25");
    assert_eq!(cable["price"], 1.5);
    assert_eq!(cable["name"], "Cavo FG16OR16 3G2,5 guaina grigia (al m)");
    assert_eq!(cable["brand"], "Prysmian");
}

#[tokio::test]
async fn a_text_file_that_is_not_metel_is_refused_clearly() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let (status, body) = analyze(
        &shop,
        b"ART001    Vite M8 zincata        000150\n".to_vec(),
        "listino.txt",
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Questo file di testo non è un listino METEL"),
        "{body}"
    );
}

#[tokio::test]
async fn a_metel_list_zipped_with_its_barcode_file_imports_the_barcodes() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    // The records' own EAN (8012199000001) has a wrong check digit: the barcode file's wins.
    let list = metel_list(&[
        metel_record("BTI", "N4001N", "Interruttore 1P 16A", 590, 1, "PZ"),
        metel_record("BTI", "N4003N", "Deviatore 1P 16A", 690, 1, "PZ"),
        metel_record("BTI", "N4005N", "Pulsante 1P 10A", 790, 1, "PZ"),
    ]);
    let barcodes = [
        "BTIN4001N          4006381333931   1",
        "BTIN4003N          5012345678900   1",
    ]
    .join("\r\n");
    // As a wholesaler sends them: the list, its barcode file and a families file.
    let bytes = zip_of(&[
        ("BTICINO/LSP_BTI.TXT", list),
        ("BTICINO/BAR_BTI.TXT", barcodes.into_bytes()),
        (
            "BTICINO/FSC_BTI.TXT",
            b"BTIFAM01          Sconto serie civile 000045".to_vec(),
        ),
    ]);
    let (status, analysis) = analyze(&shop, bytes.clone(), "BTICINO-METEL.zip").await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let note = analysis["formatNote"].as_str().unwrap();
    assert!(
        note.starts_with("Listino METEL riconosciuto: BTicino"),
        "{note}"
    );
    assert!(
        note.contains("Codici a barre dal file «BAR_BTI.TXT»: 2 prodotti li ricevono")
            && note.contains("File dell'archivio non letti: «FSC_BTI.TXT»"),
        "{note}"
    );
    let m = &analysis["mapping"];
    assert_eq!(m["ean"], "EAN", "{m}");
    let (status, processed) = process(&shop, bytes, "BTICINO-METEL.zip", m, false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    confirm(&shop, &processed).await;
    let products = shop.products().await;
    let ean = |sku: &str| {
        let p = products.iter().find(|p| p["sku"] == sku).unwrap();
        p["ean"].as_str().map(str::to_owned)
    };
    assert_eq!(ean("BTI N4001N").as_deref(), Some("4006381333931"));
    assert_eq!(ean("BTI N4003N").as_deref(), Some("5012345678900"));
    // Not in the barcode file: the list's own text stays, never a barcode from elsewhere.
    assert_eq!(ean("BTI N4005N").as_deref(), Some("8012199000001"));
}

#[tokio::test]
async fn a_zip_that_holds_no_metel_list_is_refused_clearly() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let photos = zip_of(&[("foto/vite.jpg", b"\xFF\xD8\xFF\xE0 not a photo".to_vec())]);
    for (bytes, status, start) in [
        (
            photos,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Questo archivio ZIP non contiene un listino METEL",
        ),
        (
            b"PK\x03\x04 cut short".to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "L'archivio ZIP è danneggiato",
        ),
    ] {
        let (got, body) = analyze(&shop, bytes, "listino.zip").await;
        assert_eq!(got, status, "{body}");
        assert!(body["error"].as_str().unwrap().starts_with(start), "{body}");
    }
    assert_eq!(product_count(&shop).await, 0);
}

/// Danea Easyfatt's article export as its "Esporta articoli" writes it (headers from the
/// program's own layout; `Listino 1` without VAT, costs and supplier prices beside).
fn danea_xlsx() -> Vec<u8> {
    let headers = [
        "Cod.",
        "Descrizione",
        "Tipologia",
        "Categoria",
        "Sottocategoria",
        "Cod. Udm",
        "Cod. Iva",
        "Listino 1",
        "Listino 2",
        "Formula listino 1",
        "Note",
        "Cod. a barre",
        "Produttore",
        "Cod. fornitore",
        "Fornitore",
        "Prezzo forn.",
        "Q.tà giacenza",
        "Q.tà disponibile",
        "Costo medio d'acq.",
        "Immagine",
    ];
    let rows: [[&str; 20]; 3] = [
        [
            "VT-M8",
            "Vite testa esagonale M8x40 zincata",
            "Articolo",
            "Ferramenta",
            "Viteria",
            "pz",
            "22",
            "10,00",
            "9,00",
            "",
            "",
            "8001234567897",
            "Fischer",
            "F01",
            "Fischer Italia",
            "4,00",
            "50",
            "5",
            "4,10",
            "vite.jpg",
        ],
        [
            "LB-01",
            "Libro manuale del cartongesso",
            "Articolo",
            "Editoria",
            "Manuali",
            "pz",
            "4",
            "20,00",
            "18,00",
            "",
            "",
            "",
            "Knauf",
            "F02",
            "Knauf",
            "12,00",
            "3",
            "0",
            "12,00",
            "libro.jpg",
        ],
        [
            "TS-06",
            "Tassello nylon 6 mm",
            "Articolo",
            "Ferramenta",
            "Tasselli",
            "pz",
            "22",
            "1,00",
            "0,90",
            "",
            "",
            "",
            "Fischer",
            "F01",
            "Fischer Italia",
            "0,30",
            "200",
            "120",
            "0,31",
            "",
        ],
    ];
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in headers.iter().enumerate() {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            ws.write_string(r as u32 + 1, c as u16, *v).unwrap();
        }
    }
    wb.save_to_buffer().unwrap()
}

#[tokio::test]
async fn a_danea_easyfatt_export_is_recognised_and_its_stock_vat_and_barcodes_read() {
    let app = spawn_app().await;
    let shop = app.shop("anna@ferramenta.it").await;
    let bytes = danea_xlsx();
    let (status, analysis) = analyze(&shop, bytes.clone(), "articoli.xlsx").await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let note = analysis["formatNote"].as_str().unwrap();
    assert!(
        note.starts_with("Esportazione articoli di Danea Easyfatt riconosciuta"),
        "{note}"
    );
    let m = &analysis["mapping"];
    for (field, header) in [
        ("name", "Descrizione"),
        ("sku", "Cod."),
        ("ean", "Cod. a barre"),
        ("brand", "Produttore"),
        ("available", "Q.tà disponibile"),
        ("vat", "Cod. Iva"),
        ("price", "Listino 1"),
        ("category", "Categoria"),
        ("subcategory", "Sottocategoria"),
    ] {
        assert_eq!(m[field], header, "{field}: {m}");
    }
    assert_eq!(m["pricesIncludeVat"], false);
    assert!(
        m.get("image_url").is_none(),
        "a file name is no address: {m}"
    );
    let (status, processed) = process(&shop, bytes, "articoli.xlsx", m, false).await;
    assert_eq!(status, StatusCode::OK, "{processed}");
    confirm(&shop, &processed).await;
    let products = shop.products().await;
    let find = |sku: &str| products.iter().find(|p| p["sku"] == sku).unwrap().clone();
    // Each row's own VAT rate: 22 % on the screw, 4 % on the book; costs never public.
    assert_eq!(find("VT-M8")["price"], 12.2);
    assert_eq!(find("LB-01")["price"], 20.8);
    assert_eq!(find("TS-06")["price"], 1.22);
    assert_eq!(find("LB-01")["in_stock"], false, "0 available");
    assert_eq!(find("VT-M8")["in_stock"], true);
    assert_eq!(find("VT-M8")["ean"], "8001234567897");
}
