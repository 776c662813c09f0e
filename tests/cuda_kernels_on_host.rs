//! tsr's CUDA kernels (src/engine/gpu/kernels.cu) compiled with the host C++
//! compiler and run one thread at a time (tests/cuda_on_host/shim.h), so the
//! kernels' indexing, casts and arithmetic are checked on machines without a
//! GPU. Skips with a printed reason when no `g++` is installed. The real
//! device path is tested by tests/cuda_real.rs when a GPU is present.

use std::process::Command;

#[test]
fn cuda_kernels_compute_the_expected_values_on_the_host() {
    let root = env!("CARGO_MANIFEST_DIR");
    if Command::new("g++").arg("--version").output().is_err() {
        eprintln!("skipped: no g++ on this machine to compile kernels.cu for the host");
        return;
    }
    let dir = std::env::temp_dir().join(format!("tsr-cuda-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("harness");
    let out = Command::new("g++")
        .args(["-std=c++17", "-O1", "-Wall", "-Werror", "-include"])
        .arg(format!("{root}/tests/cuda_on_host/shim.h"))
        .arg("-o")
        .arg(&exe)
        .arg(format!("{root}/tests/cuda_on_host/harness.cpp"))
        .output()
        .expect("run g++");
    assert!(out.status.success(), "kernels.cu does not compile as C++:\n{}", String::from_utf8_lossy(&out.stderr));
    let run = Command::new(&exe).output().expect("run the harness");
    let text = String::from_utf8_lossy(&run.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run.status.success(), "kernel checks failed:\n{text}");
    // Every kernel family is exercised.
    for family in ["copy_4", "copy_8", "cast_f32_i32", "cast_u8_b8", "binary_f32", "binary_i64", "compare_i64", "unary_f32", "unary_f64", "sum_f32", "sum_i32", "sum_b8"] {
        assert!(text.lines().any(|l| l.starts_with("ok ") && l.contains(family)), "no passing check for {family}:\n{text}");
    }
}
