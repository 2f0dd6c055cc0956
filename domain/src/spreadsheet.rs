//! What the server writes for spreadsheet programs: the import error report
//! (`import::error_report_csv`) and the catalogue export (`api::export`) share this rule.

use std::borrow::Cow;

/// The one rule for every cell the server writes into a CSV (OWASP, "CSV Injection"): a
/// cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return, which a
/// spreadsheet would evaluate as a formula, gets a leading apostrophe and so is read as
/// text. The full-width forms of the four signs count too, as some spreadsheets fold
/// them. Quoting, where a cell needs it, is the CSV writer's.
pub fn spreadsheet_text(cell: &str) -> Cow<'_, str> {
    const FORMULA_START: [char; 10] = [
        '=', '+', '-', '@', '\t', '\r', '\u{FF1D}', '\u{FF0B}', '\u{FF0D}', '\u{FF20}',
    ];
    if cell.starts_with(FORMULA_START) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::spreadsheet_text;

    #[test]
    fn a_cell_that_would_start_a_formula_gets_an_apostrophe() {
        assert_eq!(spreadsheet_text("Cemento"), "Cemento");
        assert_eq!(spreadsheet_text(""), "");
        assert_eq!(spreadsheet_text("Cemento - 25 kg"), "Cemento - 25 kg");
        for cell in [
            "=1+1",
            "+39",
            "-20%",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "\u{FF1D}1",
            "\u{FF20}x",
        ] {
            assert_eq!(spreadsheet_text(cell), format!("'{cell}"));
        }
    }
}
