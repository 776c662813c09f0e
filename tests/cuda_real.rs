//! The real-GPU path (`--cuda real`), end to end through the binary, on each
//! backend this machine has: the host emulator (src/engine/gpu/emulator.rs:
//! device memory is host memory and kernels.cu runs compiled for the host;
//! needs g++) and a real GPU (needs the CUDA driver). Each missing backend is
//! skipped with a printed reason. Without a GPU, the tests also check that
//! `--cuda real` fails cleanly naming `--cuda sim`, and that `auto` falls
//! back to no CUDA.

mod common;
use common::tsr_split;

use std::process::Command;
use std::sync::OnceLock;

/// The emulator library (tests/cuda_on_host/emulator.cpp built with g++),
/// or why it is not available.
fn emulator() -> &'static Result<String, String> {
    static LIB: OnceLock<Result<String, String>> = OnceLock::new();
    LIB.get_or_init(|| {
        let root = env!("CARGO_MANIFEST_DIR");
        let dir = std::env::temp_dir().join(format!("tsr-cuda-emu-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let lib = dir.join("libtsr_cuda_emu.so");
        let out = Command::new("g++")
            .args(["-std=c++17", "-O1", "-shared", "-fPIC", "-Wall", "-Werror", "-include"])
            .arg(format!("{root}/tests/cuda_on_host/shim.h"))
            .arg("-o")
            .arg(&lib)
            .arg(format!("{root}/tests/cuda_on_host/emulator.cpp"))
            .output()
            .map_err(|e| format!("no g++ to build the CUDA emulator: {e}"))?;
        if !out.status.success() {
            panic!("emulator.cpp does not compile:\n{}", String::from_utf8_lossy(&out.stderr));
        }
        Ok(lib.to_string_lossy().into_owned())
    })
}

/// `tsr --cuda real -c code` with `envs`: (stdout, stderr, exit code).
fn run(envs: &[(&str, &str)], code: &str) -> (String, String, i32) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tsr"));
    cmd.args(["--cuda", "real", "--color", "never", "-c", code]).env_remove("TSR_CUDA_EMULATOR");
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run tsr");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned(), out.status.code().unwrap_or(-1))
}

/// Runs `code` on every backend this machine has: the host emulator (when
/// g++ is installed) and a real GPU (when there is one); prints each skip.
/// Returns (backend, stdout, stderr, code) per backend that ran.
fn on_backends(code: &str) -> Vec<(&'static str, String, String, i32)> {
    let mut ran = vec![];
    match emulator() {
        Ok(lib) => {
            let (o, e, c) = run(&[("TSR_CUDA_EMULATOR", lib)], code);
            ran.push(("emulator", o, e, c));
        }
        Err(why) => eprintln!("skipped on the emulator: {why}"),
    }
    let (o, e, c) = run(&[], code);
    if c == 2 && e.contains("--cuda real: no usable GPU") {
        eprintln!("skipped on a real GPU: {}", e.trim());
    } else {
        ran.push(("gpu", o, e, c));
    }
    ran
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
    for (backend, out, err, rc) in on_backends("print torch.cuda.is_available(), torch.cuda.device_count()\nx = zeros(1000, device=\"cuda\")\nprint torch.cuda.memory_allocated(), torch.cuda.memory_reserved()\nprint x.data_ptr() % 512") {
        assert_eq!(rc, 0, "{backend}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "True 1", "{backend}");
        // 4000 bytes round to 4096 in the small pool, which reserves a 2 MiB segment.
        assert_eq!(lines[1], "4096 2097152", "{backend}");
        assert_eq!(lines[2], "0", "{backend}: block addresses are 512-byte aligned device pointers");
    }
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
print ((c - a.exp()).abs() <= 1e-6 * (1 + a.exp().abs())).all().item()
print g.sum().item(), (g > 5).sum().item()
i = g.int()
print i.dtype, (i.cpu() == a.int()).all().item()
h = g[1:, ::2]
print (h.cpu() == a[1:, ::2]).all().item(), h.storage_offset()
g[0] = 7
print a[0].sum().item(), g.cpu()[0].sum().item()";
    let want = "True (3, 1) cuda:0\nTrue\nTrue\n66.0 6\ntorch.int32 True\nTrue 4\n6.0 28.0\n";
    for (backend, out, err, rc) in on_backends(code) {
        assert_eq!(rc, 0, "{backend}: {err}");
        assert_eq!(out, want, "{backend}: {err}");
    }
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
    for (backend, out, err, rc) in on_backends(code) {
        assert_eq!(rc, 0, "{backend}: {err}");
        // 16 MiB is a large-pool request above 10 MiB: it rounds to a 2 MiB
    // multiple and gets a segment of exactly that size.
        assert_eq!(out, "16777216 16777216\n0 16777216\n0\n", "{backend}: {err}");
    }
}

#[test]
fn kernels_run_on_the_device_and_memtrace_shows_them() {
    let code = "\
a = arange(12, dtype=float32).view(3, 4)
g = a.cuda()
memtrace on
t = g.t().contiguous()
b = 2 - g.t() > 0.5
i = g.long() + 1
s = g.sum()
e = g.exp()
memtrace off
print b.sum().item(), i.sum().item(), s.item()";
    for (backend, out, err, rc) in on_backends(code) {
        assert_eq!(rc, 0, "{backend}: {err}");
        let kernels: Vec<&str> = out.lines().filter_map(|l| l.trim_start().strip_prefix("kernel")).map(|l| l.split_whitespace().next().unwrap_or("")).collect();
        assert_eq!(kernels, ["copy_4", "binary_f32", "compare_f32", "cast_f32_i64", "binary_i64", "sum_f32", "sum_f32", "unary_f32"], "{backend}: {out}");
        // Kernels read and write device memory: no host<->device traffic until print.
        assert!(!out.lines().any(|l| l.trim_start().starts_with("h2d") || l.trim_start().starts_with("d2h")), "{backend}: {out}");
        assert!(out.ends_with("2 78 66.0\n"), "{backend}: {out}");
    }
}

#[test]
fn cases_without_a_kernel_fall_back_through_the_host_mirror() {
    // float16 math, integer // and %, integer matmul, more than 16 dims, in-place writes: all
    // give PyTorch's values, computed on the host from the mirrored bytes.
    let code = "\
a = arange(6, dtype=float32).view(2, 3)
g = a.cuda()
h = g.half() * 2
print h.dtype, h.float().sum().item()
print (g.long() // 4).sum().item(), (g.long() % 4).sum().item()
print (g.long() @ g.long().t()).cpu()
z = zeros(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, device=\"cuda\") + 1
print z.sum().item(), z.dim()
g += 1
g[0, 0] = 100
print g.cpu().sum().item(), g.sum().item()
c = g.cpu()
c[1] = 0
print g.sum().item()";
    let want = "torch.float16 30.0\n2 7\ntensor([[ 5, 14],\n        [14, 50]])\n1.0 17\n120.0 120.0\n120.0\n";
    for (backend, out, err, rc) in on_backends(code) {
        assert_eq!(rc, 0, "{backend}: {err}");
        assert_eq!(out, want, "{backend}: {err}");
    }
}

/// The same program under `--cuda sim` (host kernels on host memory) and on
/// each real-device backend (device kernels): exact ops must print the same,
/// transcendental ones agree to float32 rounding.
#[test]
fn device_kernels_agree_with_the_host_kernels() {
    let code = "\
manual_seed(0)
a = (randint(-8, 8, (4, 5, 6)) / 4).cuda()
b = (randint(-8, 8, (6,)) / 2).cuda()
c = randint(-5, 5, (4, 1, 6)).cuda()
d = randint(0, 3, (5, 6), dtype=uint8).cuda()
e = (randn(4, 5, 6) > 0).cuda()
print a + b, a - b.view(1, 1, 6), a * c, a / 4, 2 / (a.abs() + 1)
print a.transpose(0, 2).contiguous().stride(), a.transpose(0, 2).contiguous(), a.permute(2, 0, 1).clone().stride()
print a[:, ::2, 1:5] * b[1:5], (a[1] > 0.5) & (a[2] < 0.2)
print c + d, c * 2.5, d + d, d * 3, c // 2, c % 3, c ** 2
print a // 0.75, a % 0.5, -a // b.clamp(0.5, 2), a % -0.75, a ** 2, (a.abs() + 1) ** 0.5, 2 ** a
print e + e, e * 1, e.sum(), d.sum(), c.sum(), a.sum(), a.double().sum(), a.expand(2, 4, 5, 6).sum()
print a.abs(), -a, a.relu(), c.abs(), -c, c.relu()
print a.sum(1), a.mean((0, 2)), a.prod(2), c.sum(0, keepdim=True), a.max(), a.min(), c.max(), c.min(), d.sum(1), e.sum(2), a.transpose(0, 2).sum(0), a.mean(), a[:, ::2].sum((0, 1)), c.prod(), a.sum(()), zeros(0, 3).cuda().sum(0), zeros(0, 3).cuda().prod(0)
print a.int(), a.long(), a.bool(), c.float(), d.bool(), e.float(), e.to(int8), c.to(int16), c.double()
print (c != 0).sum(), c.lt(0).sum(), c.le(0).sum(), c.gt(0).sum(), c.ge(0).sum(), c.eq(0).sum(), (a == b).sum()
print a @ a.transpose(1, 2), a[0] @ b, b @ a.transpose(1, 2), a.double() @ b.double(), a[:, :2] @ a[0].t(), a[0].t() @ a[0], a.transpose(0, 2) @ a.transpose(0, 2).transpose(1, 2)
x = a.clone(); x[0] = 5; x[1, :, 2] += 1; x.mul_(2); x[:, 0] = b
print x
z = zeros(0, 3).cuda()
print z + 1, z.sum(), z.t().contiguous().shape
s = tensor(3.0).cuda()
print s + a[0, 0], s * s, a[0, 0, 0] + 1, (a + tensor(2.0)).sum()
f = randn(4, 5, 6)
g = f.cuda()
print ((g.exp().cpu() - f.exp()).abs() <= 1e-6 * (1 + f.exp().abs())).all().item()
print ((g.abs().add(0.1).log().cpu() - f.abs().add(0.1).log()).abs() <= 1e-6 * (1 + f.abs().add(0.1).log().abs())).all().item()
print ((g.sin().cpu() - f.sin()).abs() <= 1e-6 * (1 + f.sin().abs())).all().item()
print ((g.cos().cpu() - f.cos()).abs() <= 1e-6 * (1 + f.cos().abs())).all().item()
print ((g.tanh().cpu() - f.tanh()).abs() <= 1e-6 * (1 + f.tanh().abs())).all().item()
print ((g.sigmoid().cpu() - f.sigmoid()).abs() <= 1e-6 * (1 + f.sigmoid().abs())).all().item()
print ((g.abs().sqrt().cpu() - f.abs().sqrt()).abs() <= 1e-6 * (1 + f.abs().sqrt().abs())).all().item()";
    let (sim, err, rc) = tsr_split(&["--cuda", "sim", "--color", "never", "-c", code], "");
    assert_eq!(rc, 0, "sim: {err}");
    for (backend, out, err, rc) in on_backends(code) {
        assert_eq!(rc, 0, "{backend}: {err}");
        assert_eq!(out, sim, "{backend} differs from the host kernels");
    }
}

/// Random programs (fixed seed): random shapes of 1–6 dims, permuted and
/// sliced views, broadcasting against a reduced-rank operand, and every
/// kernel family; each printed the same under `--cuda sim` and on each
/// device backend. Values are multiples of 1/4, so sums are exact.
#[test]
fn random_programs_agree_between_device_and_host_kernels() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut programs = vec![];
    for case in 0..24 {
        let nd = 1 + next(6) as usize;
        let shape: Vec<u64> = (0..nd).map(|_| 1 + next(4)).collect();
        let dims = shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let mut perm: Vec<usize> = (0..nd).collect();
        for i in (1..nd).rev() {
            perm.swap(i, next(i as u64 + 1) as usize);
        }
        let perm_s = perm.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let tail = shape[perm[nd - 1]];
        let dtype = ["float32", "float64", "int64", "int32"][next(4) as usize];
        let red = next(nd as u64);
        let mut p = format!("manual_seed({case})\n");
        p += &format!("a = (randint(-8, 8, ({dims},)) / 4).to({dtype}).cuda()\n");
        p += &format!("v = a.permute({perm_s})\n");
        p += &format!("w = (randint(-8, 8, ({tail},)) / 4).to({dtype}).cuda()\n");
        p += "print v.contiguous(), v.clone().stride(), v + w, v * 3, w - v, v > w, v == 0\n";
        p += &format!("print v.sum(), v.sum({red}), v.sum({red}, keepdim=True), v.max(), v.min(), v.prod({red})\n");
        p += "print v.float().exp().sum() > 0, v.double() / 2, v.long() + 1, v.bool(), v[..., ::2] + 1\n";
        if dtype.starts_with("float") {
            p += &format!("print v // 0.75, v % 0.5, v.mean(), v.mean({red}), v.abs().sqrt() * 0, v.relu(), -v\n");
            if nd >= 2 {
                p += "print v @ v.transpose(-1, -2), (v.transpose(-1, -2) @ v).sum()\n";
            }
        }
        programs.push(p);
    }
    let code = programs.join("");
    let (sim, err, rc) = tsr_split(&["--cuda", "sim", "--color", "never", "-c", &code], "");
    assert_eq!(rc, 0, "sim: {err}");
    assert!(sim.lines().count() > 24 * 3, "the programs print");
    for (backend, out, err, rc) in on_backends(&code) {
        assert_eq!(rc, 0, "{backend}: {err}");
        if out != sim {
            let (i, (x, y)) = sim.lines().zip(out.lines()).enumerate().find(|(_, (x, y))| x != y).expect("a differing line");
            panic!("{backend} differs from the host kernels at output line {i}:\n sim: {x}\n dev: {y}");
        }
    }
}
