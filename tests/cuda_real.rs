//! The real-GPU backend (`--cuda real`): runs only when this machine has a
//! CUDA driver and a GPU; otherwise each test prints why it skipped. On a
//! machine without one, the tests still check that `--cuda real` fails
//! cleanly and names `--cuda sim`, and that `auto` falls back to no CUDA.

mod common;
use common::tsr_split;

/// (stdout, stderr, code) of `tsr --cuda real -c code`, or None (with the
/// printed reason) when there is no usable GPU.
fn real(code: &str) -> Option<(String, String, i32)> {
    let (out, err, rc) = tsr_split(&["--cuda", "real", "--color", "never", "-c", code], "");
    if rc == 2 && err.contains("--cuda real: no usable GPU") {
        eprintln!("skipped: {}", err.trim());
        return None;
    }
    Some((out, err, rc))
}

#[test]
fn without_a_gpu_real_fails_cleanly_and_auto_falls_back() {
    let (_, err, rc) = tsr_split(&["--cuda", "real", "-c", "print 1"], "");
    if rc == 0 {
        eprintln!("skipped: this machine has a GPU, so `--cuda real` works");
        return;
    }
    assert_eq!(rc, 2, "{err}");
    assert!(err.contains("--cuda sim"), "the error names the simulated device: {err}");
    assert!(!err.contains("panicked"), "{err}");
    // auto: CUDA is simply unavailable, with the probe's reason in the hint.
    let (out, err, rc) = tsr_split(&["--cuda", "auto", "--color", "never", "--keep-going", "-c", "print torch.cuda.is_available()\nx = zeros(2, device=\"cuda\")"], "");
    assert_eq!(out.trim(), "False");
    assert_eq!(rc, 1);
    assert!(err.contains("Found no NVIDIA driver") && err.contains("--cuda sim"), "{err}");
}

#[test]
fn real_device_reports_and_allocates_through_the_caching_allocator() {
    let Some((out, err, rc)) = real("print torch.cuda.is_available(), torch.cuda.device_count()\nx = zeros(1000, device=\"cuda\")\nprint torch.cuda.memory_allocated(), torch.cuda.memory_reserved()\nprint x.data_ptr() % 512") else { return };
    assert_eq!(rc, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "True 1");
    // 4000 bytes round to 4096 in the small pool, which reserves a 2 MiB segment.
    assert_eq!(lines[1], "4096 2097152");
    assert_eq!(lines[2], "0", "block addresses are 512-byte aligned device pointers");
}

#[test]
fn real_device_copies_and_kernels_match_the_cpu() {
    let code = "\
a = arange(12, dtype=float32).view(3, 4)
g = a.cuda()
t = g.t().contiguous()
print (t.cpu() == a.t()).all().item(), t.stride(), t.device
s = g + g.t().t() * 2
print (s.cpu() == a * 3).all().item()
c = g.exp().cpu()
print (c - a.exp()).abs().max().item() < 1e-5
print g.sum().item(), (g > 5).sum().item()
i = g.int()
print i.dtype, (i.cpu() == a.int()).all().item()
h = g[1:, ::2]
print (h.cpu() == a[1:, ::2]).all().item(), h.storage_offset()
g[0] = 7
print a[0].sum().item(), g.cpu()[0].sum().item()";
    let Some((out, err, rc)) = real(code) else { return };
    assert_eq!(rc, 0, "{err}");
    let want = "True (3, 1) cuda:0\nTrue\nTrue\n66.0 6\ntorch.int32 True\nTrue 4\n6.0 28.0\n";
    assert_eq!(out, want, "{err}");
}

#[test]
fn real_device_frees_blocks_and_empty_cache_returns_segments() {
    let code = "\
x = zeros(4 * 1024 * 1024, device=\"cuda\")
print torch.cuda.memory_allocated(), torch.cuda.memory_reserved()
del x
print torch.cuda.memory_allocated(), torch.cuda.memory_reserved()
torch.cuda.empty_cache()
print torch.cuda.memory_reserved()";
    let Some((out, err, rc)) = real(code) else { return };
    assert_eq!(rc, 0, "{err}");
    // 16 MiB is a large-pool request above 10 MiB: it rounds to a 2 MiB
    // multiple and gets a segment of exactly that size.
    assert_eq!(out, "16777216 16777216\n0 16777216\n0\n", "{err}");
}
