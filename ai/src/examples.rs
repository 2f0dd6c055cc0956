//! What a shop taught the classifier (decision 037): lines whose category the owner
//! confirmed or corrected, with their embeddings. A line of the same shop nearly the same
//! as one of them (cosine ≥ [`NEAR`]) gets that category, whatever the keywords or the
//! classifier say: the owner's own evidence, for their own supplier's way of writing lines.
//!
//! Embeddings are kept as 384 signed bytes (a component of a normalised vector is below 1 in
//! size, so ×127 loses under 0.4 %): 384 bytes a line in the database, and the similarity of
//! two lines read from them differs from the exact one by less than 0.01.

use std::collections::HashMap;

use embedding::DIM;

/// How near a line must be to a taught one to take its category. Chosen on the training
/// half of the hand-labelled real lines (see decision 037 for the sweep), reported on the
/// other half.
pub const NEAR: f32 = 0.92;

/// A normalised embedding as bytes (`i8` components ×127).
pub fn quantize(v: &[f32; DIM]) -> Vec<u8> {
    v.iter()
        .map(|x| (x * 127.0).round().clamp(-127.0, 127.0) as i8 as u8)
        .collect()
}

/// The embedding of [`quantize`]d bytes, normalised again; `None` for bytes of another size.
pub fn dequantize(bytes: &[u8]) -> Option<[f32; DIM]> {
    if bytes.len() != DIM {
        return None;
    }
    let mut v = [0.0_f32; DIM];
    for (x, b) in v.iter_mut().zip(bytes) {
        *x = f32::from(*b as i8);
    }
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm == 0.0 {
        return None;
    }
    v.iter_mut().for_each(|x| *x /= norm);
    Some(v)
}

/// A shop's taught lines.
#[derive(Default)]
pub struct Examples {
    items: Vec<(String, [f32; DIM])>,
    /// Taught lines per category, counted once: the prior reads them for every line and
    /// category the job decides.
    counts: HashMap<String, usize>,
}

impl Examples {
    pub fn new(items: Vec<(String, [f32; DIM])>) -> Self {
        let mut counts = HashMap::new();
        for (category, _) in &items {
            *counts.entry(category.clone()).or_default() += 1;
        }
        Self { items, counts }
    }

    /// The category of the nearest taught line and its similarity.
    pub fn nearest(&self, v: &[f32; DIM]) -> Option<(&str, f32)> {
        self.items
            .iter()
            .map(|(category, e)| (category.as_str(), embedding::similarity(e, v)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The category a line gets from what the shop taught, if a taught line is near enough.
    pub fn taught(&self, v: &[f32; DIM]) -> Option<&str> {
        self.nearest(v)
            .filter(|(_, similarity)| *similarity >= NEAR)
            .map(|(category, _)| category)
    }

    /// How the shop's taught lines weigh a category against the classifier's even view: its
    /// share of them over an even share, smoothed and softened (1 for every category of a
    /// shop that taught fewer than [`PRIOR_MIN`] lines). A shop that sells taps and boilers
    /// makes "Idraulica" likelier and "Laterizi e blocchi" less likely for its other lines.
    pub fn prior(&self, category: &str, categories: usize) -> f32 {
        let total = self.items.len();
        if total < PRIOR_MIN || categories == 0 {
            return 1.0;
        }
        let count = self.counts.get(category).copied().unwrap_or(0);
        let even = total as f32 / categories as f32;
        ((count as f32 + PRIOR_SMOOTHING) / (even + PRIOR_SMOOTHING)).powf(PRIOR_STRENGTH)
    }
}

/// Taught lines below which a shop's categories weigh nothing.
pub const PRIOR_MIN: usize = 20;
/// Lines added to every category's count, so a category the shop never taught is made less
/// likely, never impossible.
const PRIOR_SMOOTHING: f32 = 1.0;
/// How much of the shop's share is believed (1: all of it, 0: none).
pub const PRIOR_STRENGTH: f32 = 0.5;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn unit(seed: usize) -> [f32; DIM] {
        let mut v = [0.0_f32; DIM];
        for (i, x) in v.iter_mut().enumerate() {
            *x = (((i * 31 + seed * 17) % 97) as f32 - 48.0) / 48.0;
        }
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.iter_mut().for_each(|x| *x /= n);
        v
    }

    #[test]
    fn a_quantized_embedding_keeps_its_similarities() {
        let (a, b) = (unit(1), unit(2));
        let (qa, qb) = (
            dequantize(&quantize(&a)).unwrap(),
            dequantize(&quantize(&b)).unwrap(),
        );
        assert_eq!(quantize(&a).len(), DIM);
        assert!((embedding::similarity(&a, &qa) - 1.0).abs() < 0.001);
        assert!((embedding::similarity(&a, &b) - embedding::similarity(&qa, &qb)).abs() < 0.01);
        assert_eq!(dequantize(&[0; 10]), None, "bytes of another size");
        assert_eq!(dequantize(&[0; DIM]), None, "no direction");
    }

    #[test]
    fn a_line_takes_the_category_of_a_taught_line_only_when_nearly_the_same() {
        let taught = Examples::new(vec![
            ("Idraulica".to_owned(), unit(1)),
            ("Colori e vernici".to_owned(), unit(5)),
        ]);
        assert_eq!(taught.taught(&unit(1)), Some("Idraulica"));
        assert_eq!(taught.taught(&unit(5)), Some("Colori e vernici"));
        assert!(taught.nearest(&unit(9)).unwrap().1 < NEAR);
        assert_eq!(taught.taught(&unit(9)), None);
        assert_eq!(Examples::default().taught(&unit(1)), None);
    }

    #[test]
    fn a_shop_that_taught_enough_lines_weighs_its_own_categories() {
        let shop = |lines: usize| {
            Examples::new(
                (0..lines)
                    .map(|i| {
                        let category = if i % 4 == 3 {
                            "Colori e vernici"
                        } else {
                            "Idraulica"
                        };
                        (category.to_owned(), unit(i))
                    })
                    .collect(),
            )
        };
        let few = shop(PRIOR_MIN - 1);
        assert_eq!(few.prior("Idraulica", 20), 1.0, "too few lines say nothing");
        let many = shop(40);
        let (taps, paint, bricks) = (
            many.prior("Idraulica", 20),
            many.prior("Colori e vernici", 20),
            many.prior("Laterizi e blocchi", 20),
        );
        assert!(taps > paint && paint > 1.0, "{taps} {paint}");
        assert!(
            bricks < 1.0 && bricks > 0.0,
            "never taught: less likely, not impossible"
        );
    }
}
