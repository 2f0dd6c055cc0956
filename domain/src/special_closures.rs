//! Days a shop is closed outside its weekly hours (holidays, stocktaking, August):
//! `[{"from":"2026-12-24","to":"2026-12-26","note":"Festività"}]`, dates in Europe/Rome.
//! Shown on the shop page ("Chiuso oggi"), and given to search engines as special opening
//! hours (an `openingHoursSpecification` closed from 00:00 to 00:00 between two dates).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::opening_hours::HoursError;
use crate::validation::looks_like_markup;

/// Closures a shop may list at once.
pub const MAX_CLOSURES: usize = 20;
/// Longest closure, in days (a summer break, not "closed for good").
pub const MAX_DAYS: i32 = 92;
const NOTE_CHARS: usize = 80;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct SpecialClosure {
    /// First and last day closed, `YYYY-MM-DD`.
    pub from: String,
    pub to: String,
    /// Why, for visitors ("Inventario"); optional.
    #[serde(default)]
    pub note: Option<String>,
}

/// The closures checked, in date order; those already over on `today` (`YYYY-MM-DD`) are
/// dropped, so an editor that sends back last year's list is not refused for it.
pub fn parse(list: Vec<SpecialClosure>, today: &str) -> Result<Vec<SpecialClosure>, HoursError> {
    if list.len() > MAX_CLOSURES {
        return Err(HoursError(format!("Al massimo {MAX_CLOSURES} chiusure.")));
    }
    let mut out = Vec::new();
    for (i, c) in list.into_iter().enumerate() {
        let n = i + 1;
        let day = |text: &str| {
            date(text).ok_or_else(|| {
                HoursError(format!(
                    "Chiusura {n}: data non valida «{}»: usa il formato 2026-12-24.",
                    text.chars().take(20).collect::<String>()
                ))
            })
        };
        let (from, to) = (day(&c.from)?, day(&c.to)?);
        if to < from {
            return Err(HoursError(format!(
                "Chiusura {n}: l'ultimo giorno deve essere uguale o successivo al primo."
            )));
        }
        if (to - from).get_days() >= MAX_DAYS {
            return Err(HoursError(format!(
                "Chiusura {n}: al massimo {MAX_DAYS} giorni di fila."
            )));
        }
        let note = c
            .note
            .map(|t| {
                crate::validation::without_unwanted_chars(&t)
                    .trim()
                    .to_owned()
            })
            .filter(|t| !t.is_empty());
        if let Some(note) = &note {
            if note.chars().count() > NOTE_CHARS || looks_like_markup(note) {
                return Err(HoursError(format!(
                    "Chiusura {n}: il motivo è troppo lungo o contiene codice (al massimo {NOTE_CHARS} caratteri)."
                )));
            }
        }
        let (from, to) = (from.to_string(), to.to_string());
        if to.as_str() >= today {
            out.push(SpecialClosure { from, to, note });
        }
    }
    out.sort_by(|a, b| a.from.cmp(&b.from));
    Ok(out)
}

fn date(text: &str) -> Option<jiff::civil::Date> {
    let text = text.trim();
    (text.len() == 10).then(|| text.parse().ok()).flatten()
}

/// The stored closures still to come on `today`, or none for a missing or unreadable value.
pub fn from_column(value: Option<&str>, today: &str) -> Vec<SpecialClosure> {
    value
        .and_then(|text| serde_json::from_str::<Vec<SpecialClosure>>(text).ok())
        .unwrap_or_default()
        .into_iter()
        .filter(|c| c.to.as_str() >= today)
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn closure(from: &str, to: &str) -> SpecialClosure {
        SpecialClosure {
            from: from.into(),
            to: to.into(),
            note: None,
        }
    }

    #[test]
    fn closures_are_checked_sorted_and_past_ones_dropped() {
        let list = vec![
            closure("2026-12-24", "2026-12-26"),
            closure("2026-08-10", "2026-08-20"),
            closure("2026-11-30", "2026-12-01"),
        ];
        let kept = parse(list, "2026-11-27").unwrap();
        assert_eq!(kept.len(), 2, "August is over");
        assert_eq!(kept[0].from, "2026-11-30");
        for (bad, why) in [
            (closure("2026-12-26", "2026-12-24"), "successivo"),
            (closure("2026-13-01", "2026-13-02"), "data non valida"),
            (closure("24/12/2026", "2026-12-26"), "data non valida"),
            (closure("2026-06-01", "2026-12-31"), "92 giorni"),
        ] {
            let err = parse(vec![bad], "2026-01-01").unwrap_err();
            assert!(err.0.contains(why), "{}", err.0);
        }
        let scripted = SpecialClosure {
            note: Some("<script>x</script>".into()),
            ..closure("2026-12-24", "2026-12-24")
        };
        assert!(parse(vec![scripted], "2026-01-01").is_err());
    }
}
