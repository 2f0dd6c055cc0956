//! The category classifier (decision 032): a logistic regression over the sentence
//! embedding of a product line (`embedding`, multilingual-e5-small), trained by
//! `scripts/train-classifier` on lines we labelled; its weights are `data/classifier.tsv`.
//! It never speaks alone where the keywords disagree: `combine` shows a category to
//! visitors only where the evidence agrees.

use std::path::PathBuf;
use std::sync::{LazyLock, OnceLock};

use embedding::{Model, DIM};

use super::builtin::KeywordView;
use super::examples::Examples;

const WEIGHTS: &str = include_str!("data/classifier.tsv");
/// The label of lines the trade does not sell.
const NONTRADE: &str = "NONTRADE";
/// Characters of the file's description the model reads after the name (as trained).
const DESCRIPTION_CHARS: usize = 120;
/// The model and the keywords name the same category: this probability makes it sure.
const AGREE: f32 = 0.3;
/// The keywords found nothing: the model alone needs this much.
const ALONE: f32 = 0.85;
/// The keywords are sure of a category, but the model is this sure of another (or that
/// the line is no building product): nobody is sure.
const VETO: f32 = 0.9;
/// The keywords are sure of a category the model finds this unlikely ("forata" makes a
/// clog a brick): nobody is sure, unless the keywords' evidence is overwhelming.
const IMPLAUSIBLE: f32 = 0.25;
/// Keyword evidence no model doubt overrides ("mattone forato 8x25x25").
const KEYWORDS_CERTAIN: f32 = 10.0;

/// The model's opinion of a line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    /// A taxonomy category, or `None` for a product the trade does not sell.
    pub category: Option<&'static str>,
    pub probability: f32,
    /// The probability the model gives the keywords' best category (0 when they have none).
    pub keywords_probability: f32,
}

pub struct Classifier {
    labels: Vec<&'static str>,
    bias: Vec<f32>,
    weights: Vec<Vec<f32>>,
}

/// The weights committed with the code, read once.
pub static CLASSIFIER: LazyLock<Classifier> = LazyLock::new(|| {
    Classifier::parse(WEIGHTS).expect("data/classifier.tsv is written by scripts/train-classifier")
});

impl Classifier {
    fn parse(text: &'static str) -> Option<Self> {
        let (mut labels, mut bias, mut weights) = (Vec::new(), Vec::new(), Vec::new());
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut cols = line.split('\t');
            labels.push(cols.next()?);
            bias.push(cols.next()?.parse().ok()?);
            let w: Vec<f32> = cols
                .next()?
                .split(' ')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            (w.len() == DIM).then_some(())?;
            weights.push(w);
        }
        (!labels.is_empty()).then_some(Self {
            labels,
            bias,
            weights,
        })
    }

    /// The most probable label (softmax over the classes), and the probability of the
    /// category the keywords found, if any.
    pub fn guess(&self, v: &[f32; DIM], keywords: Option<&str>) -> Guess {
        self.guess_in(v, keywords, None)
    }

    /// As [`Classifier::guess`], each category weighed by what the shop taught (its
    /// [`Examples::prior`]); lines the trade does not sell keep their weight.
    pub fn guess_in(
        &self,
        v: &[f32; DIM],
        keywords: Option<&str>,
        shop: Option<&Examples>,
    ) -> Guess {
        let scores: Vec<f32> = self
            .weights
            .iter()
            .zip(&self.bias)
            .map(|(w, b)| b + w.iter().zip(v).map(|(a, x)| a * x).sum::<f32>())
            .collect();
        let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let categories = self.labels.len().saturating_sub(1);
        let exp: Vec<f32> = scores
            .iter()
            .zip(&self.labels)
            .map(|(s, label)| {
                let prior = match shop {
                    Some(shop) if *label != NONTRADE => shop.prior(label, categories),
                    _ => 1.0,
                };
                (s - max).exp() * prior
            })
            .collect();
        let total: f32 = exp.iter().sum();
        let (i, e) = exp
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap_or((0, &0.0));
        let label = self.labels[i];
        let of_keywords = keywords
            .and_then(|k| self.labels.iter().position(|l| *l == k))
            .map_or(0.0, |j| exp[j] / total);
        Guess {
            category: (label != NONTRADE).then_some(label),
            probability: e / total,
            keywords_probability: of_keywords,
        }
    }
}

/// The line the model reads: the name, the brand, the start of the file's description as
/// text (the same as `scripts/classifier/train.py`).
pub fn text_of(name: &str, brand: Option<&str>, description: Option<&str>) -> String {
    let mut text = name.trim().to_owned();
    if let Some(b) = brand.map(str::trim).filter(|b| !b.is_empty()) {
        text.push(' ');
        text.push_str(b);
    }
    if let Some(d) = description {
        let plain = strip_tags(d);
        if !plain.is_empty() {
            text.push_str(". ");
            text.extend(plain.chars().take(DESCRIPTION_CHARS));
        }
    }
    text
}

/// Tags replaced by a space, spaces collapsed.
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The category visitors may see: the keywords' and the model's evidence together.
pub fn combine(keywords: &KeywordView, model: &Guess) -> Option<&'static str> {
    if keywords.not_a_product {
        return None;
    }
    let kw_best = keywords.best.map(|(c, _)| c);
    if keywords.sure {
        let certain = keywords.best.is_some_and(|(_, kw)| kw >= KEYWORDS_CERTAIN);
        let vetoed = model.category != kw_best
            && (model.probability >= VETO
                || (model.keywords_probability < IMPLAUSIBLE && !certain));
        return (!vetoed).then_some(kw_best).flatten();
    }
    let agreed = kw_best.is_some() && model.category == kw_best && model.probability >= AGREE;
    let alone = kw_best.is_none() && model.probability >= ALONE;
    if agreed || alone {
        model.category
    } else {
        None
    }
}

/// The model of this process, loaded on first use: the configured file
/// (`VETRINA_EMBEDDING_MODEL`) or the one the build fetched. A missing or corrupt file is
/// logged once, and the engine then works with keywords alone.
pub fn model() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let path = std::env::var_os("VETRINA_EMBEDDING_MODEL")
                .map(PathBuf::from)
                .or_else(embedding::built_model_path)?;
            match Model::load(&path) {
                Ok(m) => {
                    tracing::info!(path = %path.display(), "embedding model loaded");
                    Some(m)
                }
                Err(e) => {
                    tracing::error!(error = %e, "embedding model not loaded: categories from keywords alone");
                    None
                }
            }
        })
        .as_ref()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn view(best: Option<&'static str>, sure: bool) -> KeywordView {
        KeywordView {
            best: best.map(|c| (c, 3.0)),
            sure,
            not_a_product: false,
            brand: false,
        }
    }

    fn guess(category: Option<&'static str>, probability: f32) -> Guess {
        Guess {
            category,
            probability,
            keywords_probability: 0.5,
        }
    }

    #[test]
    fn a_category_is_shown_only_where_the_evidence_agrees() {
        let idr = Some("Idraulica");
        let ele = Some("Materiale elettrico");
        // both agree
        assert_eq!(combine(&view(idr, false), &guess(idr, 0.6)), idr);
        // the model weakly, keywords weakly, of different things
        assert_eq!(combine(&view(idr, false), &guess(ele, 0.8)), None);
        // the model alone needs to be very sure
        assert_eq!(combine(&view(None, false), &guess(ele, 0.7)), None);
        assert_eq!(combine(&view(None, false), &guess(ele, 0.9)), ele);
        // sure keywords stand unless the model is very sure of something else, or finds
        // their category implausible
        assert_eq!(combine(&view(idr, true), &guess(ele, 0.6)), idr);
        assert_eq!(combine(&view(idr, true), &guess(None, 0.95)), None);
        let implausible = Guess {
            keywords_probability: 0.01,
            ..guess(ele, 0.4)
        };
        assert_eq!(combine(&view(idr, true), &implausible), None);
        let mut certain = view(idr, true);
        certain.best = Some(("Idraulica", 12.0));
        assert_eq!(combine(&certain, &implausible), idr);
        // no category for what the trade does not sell
        let mut np = view(idr, true);
        np.not_a_product = true;
        assert_eq!(combine(&np, &guess(idr, 0.99)), None);
        assert_eq!(combine(&view(None, false), &guess(None, 0.99)), None);
    }

    #[test]
    fn the_model_reads_the_name_the_brand_and_the_start_of_the_description_as_text() {
        assert_eq!(
            text_of(
                " Guanti nitrile ",
                Some("Portwest"),
                Some("<p>Per  lavori</p>\n<b>di</b> officina")
            ),
            "Guanti nitrile Portwest. Per lavori di officina"
        );
        assert_eq!(text_of("Tubo", None, Some("<br>")), "Tubo");
        let long = "a".repeat(500);
        assert_eq!(text_of("X", None, Some(&long)).chars().count(), 3 + 120);
    }

    #[test]
    fn the_committed_weights_hold_every_category_of_the_taxonomy() {
        let c = &*CLASSIFIER;
        for name in super::super::builtin::categories() {
            assert!(c.labels.contains(&name), "no weights for {name}");
        }
        assert!(c.labels.contains(&NONTRADE));
    }

    #[test]
    fn lines_of_the_trade_get_their_category() {
        let Some(m) = model() else {
            eprintln!("skipped: no embedding model in this build");
            return;
        };
        let v = m
            .passages(&[
                "GUANTI NITRILE MONOUSO CONF.100 TG.L",
                "Smartphone 256GB 5G nero",
            ])
            .unwrap();
        assert_eq!(
            CLASSIFIER.guess(&v[0], None).category,
            Some("Sicurezza e DPI")
        );
        assert_eq!(CLASSIFIER.guess(&v[1], None).category, None);
    }

    #[test]
    fn the_shop_s_taught_categories_make_theirs_likelier() {
        let mut v = [1.0_f32; DIM];
        let norm = (DIM as f32).sqrt();
        v.iter_mut().for_each(|x| *x /= norm);
        let taught = *CLASSIFIER.labels.iter().find(|l| **l != NONTRADE).unwrap();
        let shop = Examples::new((0..40).map(|_| (taught.to_owned(), v)).collect());
        let plain = CLASSIFIER.guess(&v, Some(taught)).keywords_probability;
        let weighed = CLASSIFIER
            .guess_in(&v, Some(taught), Some(&shop))
            .keywords_probability;
        assert!(weighed > plain, "{taught}: {plain} → {weighed}");
        let nobody = CLASSIFIER.guess_in(&v, Some(taught), Some(&Examples::default()));
        assert_eq!(
            nobody,
            CLASSIFIER.guess(&v, Some(taught)),
            "a shop that taught nothing"
        );
    }
}
