//! Kernel micro-benchmarks against `memcpy`, in one process, interleaved
//! (no Criterion; the timings are printed, nothing is asserted).
//!
//!     cargo test --release --bench kernels -- --nocapture
//!
//! Each round times every case once after the other (so a noisy neighbour
//! hits all of them alike); the figures are the median and the minimum over
//! the rounds. A bench target is not built by a plain `cargo test`, and a
//! debug build skips the timing.
//!
//! Cases, all on 4096×4096 float32 (64 MiB):
//! - `memcpy (pre-touched)`: one libc `memcpy` into a buffer already written
//!   (its pages are mapped): the plain memcpy of the target;
//! - `memcpy (fresh)`: a fresh 64 MiB `HostBuffer` then one `memcpy` into it:
//!   what `clone()` pays (page faults and the kernel's zeroing included);
//! - `transpose (pre-touched)` / `transpose (fresh)`: the `contiguous()`
//!   kernel (`copy_dense` of the transposed view) into the same two kinds of
//!   buffer; `transpose (fresh)` is what `contiguous()` pays;
//! - `sum`: the dense f32 sum (reads 64 MiB).

use std::time::Instant;

use tsr::engine::alloc::host::HostBuffer;
use tsr::engine::kernels::{copy::copy_dense, reduce_iter::sum_dims};
use tsr::engine::layout::Layout;

const N: usize = 4096;
const BYTES: usize = N * N * 4;

fn stats(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[0])
}

#[test]
fn copy_and_sum_vs_memcpy() {
    if cfg!(debug_assertions) {
        eprintln!("skipped: run with --release");
        return;
    }
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(30);
    let mut src = HostBuffer::zeroed(BYTES).unwrap();
    for (i, x) in bytemuck::cast_slice_mut::<u8, f32>(src.bytes_mut()).iter_mut().enumerate() {
        *x = (i % 1000) as f32 * 0.001;
    }
    let mut pre = HostBuffer::zeroed(BYTES).unwrap();
    pre.bytes_mut().fill(1);
    let tl = Layout { shape: vec![N, N], stride: vec![1, N], offset: 0 };
    let dl = Layout::contiguous(&[N, N]);
    let transpose = |dst: &mut [u8]| assert!(copy_dense(dst, &dl, src.bytes(), &tl, 4));
    let memcpy = |dst: &mut [u8]| dst.copy_from_slice(src.bytes());
    let names = ["memcpy (pre-touched)", "memcpy (fresh)", "transpose (pre-touched)", "transpose (fresh)", "sum"];
    // ONLY=2,3 runs only those cases (for profiling).
    let only: Option<Vec<usize>> = std::env::var("ONLY").ok().map(|o| o.split(',').filter_map(|x| x.parse().ok()).collect());
    let mut times: Vec<Vec<f64>> = vec![vec![]; names.len()];
    for round in 0..=rounds {
        for (k, t) in times.iter_mut().enumerate() {
            if only.as_ref().is_some_and(|o| !o.contains(&k)) {
                t.push(0.0);
                continue;
            }
            let t0 = Instant::now();
            let fresh = match k {
                0 => {
                    memcpy(pre.bytes_mut());
                    None
                }
                1 => {
                    let mut d = HostBuffer::zeroed(BYTES).unwrap();
                    memcpy(d.bytes_mut());
                    Some(d)
                }
                2 => {
                    transpose(pre.bytes_mut());
                    None
                }
                3 => {
                    let mut d = HostBuffer::zeroed(BYTES).unwrap();
                    transpose(d.bytes_mut());
                    Some(d)
                }
                _ => {
                    std::hint::black_box(sum_dims::<f32>(bytemuck::cast_slice(&src.bytes()[..N * N * 4]), &[N * N], &[1], 0, &[true], 2));
                    None
                }
            };
            let dt = t0.elapsed().as_secs_f64() * 1e3;
            // The fresh buffer is returned (unmapped) outside the timing, as
            // `timeit` drops a result after reading the clock.
            drop(std::hint::black_box(fresh));
            if round > 0 {
                t.push(dt);
            }
        }
    }
    println!("{rounds} interleaved rounds, 4096x4096 f32, {} rayon threads", rayon::current_num_threads());
    let s: Vec<(f64, f64)> = times.into_iter().map(stats).collect();
    for (name, (med, min)) in names.iter().zip(&s) {
        println!("{name:26} median {med:6.2} ms  min {min:6.2} ms");
    }
    let r = |a: usize, b: usize| (s[a].0 / s[b].0, s[a].1 / s[b].1);
    for (label, (a, b)) in [
        ("transpose (fresh) / memcpy (pre-touched)", (3, 0)),
        ("transpose (fresh) / memcpy (fresh)", (3, 1)),
        ("transpose (pre-touched) / memcpy (pre-touched)", (2, 0)),
    ] {
        let (m, n) = r(a, b);
        println!("{label:48} median {m:.2}  min {n:.2}");
    }
}
