//! A shop's weekly opening hours: time slots, each on some days of the week, as the owner
//! enters them (`[{"days":["Mo","Tu"],"opens":"08:00","closes":"12:30"}, …]`), shown on
//! the shop page and given to search engines as `openingHoursSpecification`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// Days as schema.org and Google name them, Monday first.
pub const DAYS: [&str; 7] = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
/// Slots a shop may give (two a day for a week).
pub const MAX_SLOTS: usize = 14;

/// One slot: open from `opens` to `closes` (`HH:MM`, Europe/Rome) on each of `days`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct OpeningSlot {
    pub days: Vec<String>,
    pub opens: String,
    pub closes: String,
}

/// Why a list of slots was refused: Italian, naming the slot (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoursError(pub String);

/// The slots, checked and tidied: days in week order without repeats, times as `HH:MM`.
/// Times run from 00:00 to 24:00; a slot closes after it opens (a shop open past midnight
/// gives two slots).
pub fn parse(slots: Vec<OpeningSlot>) -> Result<Vec<OpeningSlot>, HoursError> {
    if slots.len() > MAX_SLOTS {
        return Err(HoursError(format!("Al massimo {MAX_SLOTS} fasce orarie.")));
    }
    slots
        .into_iter()
        .enumerate()
        .map(|(i, slot)| {
            let n = i + 1;
            if slot.days.is_empty() {
                return Err(HoursError(format!("Fascia {n}: scegli almeno un giorno.")));
            }
            if let Some(bad) = slot.days.iter().find(|d| !DAYS.contains(&d.as_str())) {
                return Err(HoursError(format!(
                    "Fascia {n}: giorno non valido «{}» (usa Mo, Tu, We, Th, Fr, Sa, Su).",
                    bad.chars().take(20).collect::<String>()
                )));
            }
            let time = |text: &str| {
                minutes(text).ok_or_else(|| {
                    HoursError(format!(
                        "Fascia {n}: orario non valido «{}»: scrivi ore e minuti, per esempio 08:30.",
                        text.chars().take(20).collect::<String>()
                    ))
                })
            };
            let (opens, closes) = (time(&slot.opens)?, time(&slot.closes)?);
            if closes <= opens {
                return Err(HoursError(format!(
                    "Fascia {n}: l'orario di chiusura deve essere dopo quello di apertura."
                )));
            }
            Ok(OpeningSlot {
                days: DAYS
                    .iter()
                    .filter(|d| slot.days.iter().any(|s| s == *d))
                    .map(|d| (*d).to_owned())
                    .collect(),
                opens: hhmm(opens),
                closes: hhmm(closes),
            })
        })
        .collect()
}

/// `H:MM` or `HH:MM` (also with a dot, as Italians often write it) as minutes after
/// midnight, 00:00 to 24:00.
fn minutes(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once([':', '.'])?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (m < 60 && (h < 24 || (h == 24 && m == 0))).then_some(h * 60 + m)
}

fn hhmm(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The stored slots (a JSON column), or none for a missing or unreadable value.
pub fn from_column(value: Option<&str>) -> Vec<OpeningSlot> {
    value
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn slot(days: &[&str], opens: &str, closes: &str) -> OpeningSlot {
        OpeningSlot {
            days: days.iter().map(|d| (*d).to_owned()).collect(),
            opens: opens.to_owned(),
            closes: closes.to_owned(),
        }
    }

    #[test]
    fn slots_are_tidied() {
        let parsed = parse(vec![slot(&["Fr", "Mo", "Mo"], "8.00", "12:30")]).unwrap();
        assert_eq!(parsed, vec![slot(&["Mo", "Fr"], "08:00", "12:30")]);
        assert!(parse(vec![slot(&["Sa"], "15:00", "24:00")]).is_ok());
    }

    #[test]
    fn bad_slots_are_refused_in_italian_naming_the_slot() {
        let fine = slot(&["Mo"], "08:00", "12:00");
        for (bad, expected) in [
            (
                slot(&["Mo"], "25:00", "26:00"),
                "Fascia 2: orario non valido «25:00»",
            ),
            (
                slot(&["Mo"], "08:60", "12:00"),
                "Fascia 2: orario non valido «08:60»",
            ),
            (
                slot(&["Mo"], "19:00", "08:00"),
                "Fascia 2: l'orario di chiusura",
            ),
            (
                slot(&["Mo"], "08:00", "08:00"),
                "Fascia 2: l'orario di chiusura",
            ),
            (
                slot(&["Lu"], "08:00", "12:00"),
                "Fascia 2: giorno non valido «Lu»",
            ),
            (
                slot(&[], "08:00", "12:00"),
                "Fascia 2: scegli almeno un giorno",
            ),
            (
                slot(&["Mo"], "otto", "12:00"),
                "Fascia 2: orario non valido «otto»",
            ),
        ] {
            let err = parse(vec![fine.clone(), bad]).unwrap_err();
            assert!(err.0.starts_with(expected), "{}", err.0);
        }
        let many = vec![fine; MAX_SLOTS + 1];
        assert_eq!(parse(many).unwrap_err().0, "Al massimo 14 fasce orarie.");
    }
}
