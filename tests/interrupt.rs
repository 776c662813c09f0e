//! Ctrl-C during long kernels: with the interrupt flag set (as the REPL's
//! SIGINT handler sets it), matmul, sort, reductions, element-wise ops,
//! copies, random draws and file loading return `KeyboardInterrupt` instead of finishing, and the session
//! keeps its bindings. Its own test binary: the flag is process-wide, so
//! these tests must not share a process with others (and take turns here).

use std::sync::Mutex;
use std::time::Instant;

use tsr::engine::interrupt;
use tsr::engine::layout;
use tsr::engine::ops::elementwise::{binary, Arg, BinaryOp};
use tsr::engine::ops::linalg::{block_shape, mm, BLOCK_MACS};
use tsr::engine::ops::reduce::{reduce, ReduceOp};
use tsr::engine::ops::{copy, join, random, random_int};
use tsr::engine::{Context, DType, Device, EngineConfig, ErrorKind};

static TURN: Mutex<()> = Mutex::new(());

/// A kernel call whose result is dropped.
type Call<'a> = Box<dyn Fn() -> Result<(), tsr::engine::EngineError> + 'a>;

fn ctx() -> Context {
    Context::new(&EngineConfig { max_memory: 8 << 30, ..EngineConfig::default() })
}

#[test]
fn a_big_matmul_stops_between_blocks_when_the_flag_is_set_from_another_thread() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    interrupt::take();
    let ctx = ctx();
    // At least 64 blocks, whatever the build's block size.
    let n = ((64.0 * BLOCK_MACS as f64).cbrt() as usize).div_ceil(64) * 64;
    let a = random::fill_random(&ctx, Device::Cpu, &[n, n], DType::Float32, true, "randn").expect("randn");
    let (rows, cols, depth) = block_shape(n, n, n, BLOCK_MACS);
    let total = n.div_ceil(rows) * n.div_ceil(cols) * n.div_ceil(depth);
    assert!(total >= 64, "{total} blocks");
    let before = interrupt::blocks_done();
    // The "Ctrl-C" arrives once the product is under way.
    let setter = std::thread::spawn(move || {
        while interrupt::blocks_done() == before {
            std::hint::spin_loop();
        }
        interrupt::request();
        Instant::now()
    });
    let r = mm(&ctx, &a, &a);
    let returned = Instant::now();
    let set_at = setter.join().expect("setter thread");
    let done = interrupt::blocks_done() - before;
    let e = r.expect_err("the interrupted product must not return a result");
    assert_eq!(e.kind, ErrorKind::KeyboardInterrupt);
    assert!(done < total, "all {total} blocks ran after the flag was set");
    // The error delivered the interrupt: the next statement starts clean.
    assert!(!interrupt::requested());
    eprintln!(
        "{n}x{n} matmul: stopped {:?} after the flag was set, {done} of {total} blocks of {rows}x{cols}x{depth} done",
        returned.saturating_duration_since(set_at)
    );
    // Without the flag the same product completes.
    let small = layout::narrow(a.layout(), 0, 0, 64).expect("narrow");
    let top = a.view_as_layout(small, "narrow");
    assert_eq!(mm(&ctx, &top, &a).expect("no interrupt").shape(), [64, n]);
}

#[test]
fn every_long_kernel_returns_keyboard_interrupt_when_the_flag_is_set() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let ctx = ctx();
    let x = random::fill_random(&ctx, Device::Cpu, &[512, 1024], DType::Float32, true, "randn").expect("randn");
    let xt = x.view_as_layout(layout::t(x.layout()).expect("t"), "t");
    let expect_interrupt = |what: &str, r: Result<(), tsr::engine::EngineError>| {
        let e = r.expect_err(what);
        assert_eq!(e.kind, ErrorKind::KeyboardInterrupt, "{what}: {}", e.message);
        assert!(!interrupt::requested(), "{what} left the flag set");
    };
    let cases: Vec<(&str, Call)> = vec![
        ("matmul", Box::new(|| mm(&ctx, &x, &xt).map(drop))),
        ("sort", Box::new(|| join::sort(&ctx, &x, -1, false, false).map(drop))),
        ("stable sort", Box::new(|| join::sort(&ctx, &x, -1, false, true).map(drop))),
        ("sort of one long row", Box::new(|| join::sort(&ctx, &x.view_as_layout(layout::Layout::contiguous(&[512 * 1024]), "flat"), -1, false, false).map(drop))),
        ("dense sum", Box::new(|| reduce(&ctx, ReduceOp::Sum, &x, None, false, 1.0, None).map(drop))),
        ("max over a dim", Box::new(|| reduce(&ctx, ReduceOp::Max, &xt, Some(&[0]), false, 1.0, None).map(drop))),
        ("dense add", Box::new(|| binary(&ctx, BinaryOp::Add, Arg::T(&x), Arg::T(&x)).map(drop))),
        ("strided add", Box::new(|| binary(&ctx, BinaryOp::Add, Arg::T(&xt), Arg::T(&xt)).map(drop))),
        ("strided copy", Box::new(|| copy::contiguous(&ctx, &xt).map(drop))),
        ("cast", Box::new(|| copy::to_dtype(&ctx, &xt, DType::Float64).map(drop))),
        ("randn", Box::new(|| random::fill_random(&ctx, Device::Cpu, &[1 << 20], DType::Float32, true, "randn").map(drop))),
        ("randint", Box::new(|| random_int::randint(&ctx, Device::Cpu, &[1 << 20], 0, 10, DType::Int64, "randint").map(drop))),
    ];
    for (what, run) in &cases {
        interrupt::request();
        expect_interrupt(what, run());
        // Without the flag the same call succeeds.
        run().unwrap_or_else(|e| panic!("{what} without Ctrl-C: {}", e.message));
    }
}

#[test]
fn an_interrupted_statement_binds_nothing_and_the_session_goes_on() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    use tsr::cli::runner::{Runner, RunnerConfig};
    let cfg = RunnerConfig { max_memory: 8 << 30, ..RunnerConfig::default() };
    let mut r = Runner::with_writers(&cfg, "", Box::new(std::io::sink()), Box::new(std::io::sink()));
    let n = ((64.0 * BLOCK_MACS as f64).cbrt() as usize).div_ceil(64) * 64;
    assert!(r.run_chunk(&format!("w = randn({n}, {n})\nz = 1\n"), false, true));
    let before = interrupt::blocks_done();
    let setter = std::thread::spawn(move || {
        while interrupt::blocks_done() == before {
            std::hint::spin_loop();
        }
        interrupt::request();
    });
    assert!(!r.run_chunk("z = w @ w\n", false, true));
    setter.join().expect("setter thread");
    let z = r.interp.vars.get("z").map(tsr::eval::py::repr::repr);
    assert_eq!(z.as_deref(), Some("1"), "z was rebound by the interrupted statement");
    assert!(r.interp.vars.contains_key("w"));
    assert!(r.run_chunk("z = (w[:2] @ w[:, :2]).shape\n", false, true));
    assert_eq!(r.interp.vars.get("z").map(tsr::eval::py::repr::repr).as_deref(), Some("torch.Size([2, 2])"));
}

/// `cargo test --release --test interrupt -- --ignored --nocapture`: the
/// issue's 6000×6000 product, whole and interrupted 50 ms in.
#[test]
#[ignore = "a measurement: seconds of work in an optimised build"]
fn measure_a_6000_square_matmul_and_its_interrupt_latency() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    interrupt::take();
    let ctx = ctx();
    let a = random::fill_random(&ctx, Device::Cpu, &[6000, 6000], DType::Float32, true, "randn").expect("randn");
    let t0 = Instant::now();
    mm(&ctx, &a, &a).expect("whole product");
    eprintln!("6000x6000 @ 6000x6000 float32: {:?} whole", t0.elapsed());
    for delay_ms in [50u64, 500] {
        let setter = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(delay_ms));
            interrupt::request();
            Instant::now()
        });
        let r = mm(&ctx, &a, &a);
        let returned = Instant::now();
        let set_at = setter.join().expect("setter thread");
        assert_eq!(r.expect_err("interrupted").kind, ErrorKind::KeyboardInterrupt);
        eprintln!("flag set {delay_ms} ms in: returned {:?} after it", returned.saturating_duration_since(set_at));
    }
}

#[test]
fn loading_a_file_stops_between_chunks_when_the_flag_is_set() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    use tsr::cli::runner::{Runner, RunnerConfig};
    let dir = std::env::temp_dir().join(format!("tsr-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (pt, npy) = (dir.join("big.pt"), dir.join("big.npy"));
    let cfg = RunnerConfig { max_memory: 1 << 30, ..RunnerConfig::default() };
    let mut r = Runner::with_writers(&cfg, "", Box::new(std::io::sink()), Box::new(std::io::sink()));
    let src = format!("import numpy as np\nx = zeros(8 << 20)\ntorch.save(x, {:?})\nnp.save({:?}, x.numpy())\n", pt.display(), npy.display());
    assert!(r.run_chunk(&src, false, true));
    // A 32 MiB storage is four 8 MiB chunks: with the flag set, none is read.
    let mut archive = tsr::io::torch_file::open(pt.to_str().unwrap_or_default()).expect("open");
    let mut out = vec![0u8; archive.storages[0].nbytes];
    interrupt::request();
    let err = archive.read_storage(0, &mut out).err().map(|e| e.kind);
    assert_eq!(err, Some(ErrorKind::KeyboardInterrupt));
    assert!(!interrupt::requested(), "the error delivers the interrupt");
    assert!(archive.read_storage(0, &mut out).is_ok());
    let mut f = std::fs::File::open(&npy).expect("npy");
    interrupt::request();
    let err = tsr::io::read_data_interruptible(&mut f, &mut out, "npy").err().map(|e| e.kind);
    assert_eq!(err, Some(ErrorKind::KeyboardInterrupt));
    let _ = std::fs::remove_dir_all(&dir);
}
