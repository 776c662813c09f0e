//! Memory pools and devices through the real binary: the simulated CUDA
//! device, PyTorch's caching allocator statistics, `mem` and `memtrace` JSON.

mod common;

use common::tsr_split;
use serde_json::Value;

fn lines(s: &str) -> Vec<Value> {
    s.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l:?}: {e}"))).collect()
}

fn sim(code: &str) -> (Vec<Value>, String, i32) {
    let (out, err, code) = tsr_split(&["--cuda", "sim", "--json", "-c", code], "");
    (lines(&out), err, code)
}

#[test]
fn cuda_without_a_device_names_the_sim_flag() {
    let (_, err, code) = tsr_split(&["--cuda", "off", "--color", "never", "-c", "x = zeros(2, device=\"cuda\")"], "");
    assert_eq!(code, 1);
    assert!(err.contains("Found no NVIDIA driver"), "{err}");
    assert!(err.contains("--cuda sim"), "{err}");
    let (out, _, _) = tsr_split(&["--cuda", "off", "-c", "print torch.cuda.is_available(), torch.cuda.memory_allocated()"], "");
    assert_eq!(out, "False 0\n");
}

#[test]
fn caching_allocator_rounds_pools_and_caches() {
    let (v, _, code) = sim("a = zeros(250, device=\"cuda\")\ninspect memory_allocated(), memory_reserved()\ndel a\ninspect memory_allocated(), memory_reserved()\nempty_cache()\ninspect memory_reserved()");
    assert_eq!(code, 0);
    // 1000 bytes round to 1024 in a 2 MiB small-pool segment.
    assert_eq!(v[0]["value"], 1024);
    assert_eq!(v[1]["value"], 2 * 1024 * 1024);
    // Freed blocks stay reserved until empty_cache().
    assert_eq!(v[2]["value"], 0);
    assert_eq!(v[3]["value"], 2 * 1024 * 1024);
    assert_eq!(v[4]["value"], 0);
}

#[test]
fn memory_stats_use_pytorch_key_names() {
    let (v, _, _) = sim("x = zeros(1000000, device=\"cuda\")\ns = memory_stats()\ninspect s");
    let s = &v[0]["value"];
    for k in ["allocated_bytes.all.current", "reserved_bytes.large_pool.peak", "segment.all.current", "inactive_split_bytes.all.current", "num_alloc_retries", "num_ooms", "num_device_alloc", "num_device_free"] {
        assert!(s.get(k).is_some(), "missing {k}");
    }
    // 4 MB rounds to a 20 MiB large-pool segment and is split.
    assert_eq!(s["reserved_bytes.large_pool.current"], 20 * 1024 * 1024);
    assert_eq!(s["allocated_bytes.all.current"], 4000256);
    assert_eq!(s["num_device_alloc"], 1);
}

#[test]
fn mem_report_lists_segments_blocks_and_owners() {
    let (v, _, _) = sim("a = zeros(1000, device=\"cuda\")\nb = a[2:]\nmem cuda");
    let m = &v[0];
    assert_eq!(m["kind"], "memory");
    assert_eq!(m["device"], "cuda:0");
    let seg = &m["segments"][0];
    assert_eq!(seg["pool"], "small");
    assert_eq!(seg["size"], 2 * 1024 * 1024);
    assert_eq!(seg["blocks"][0]["state"], "allocated");
    assert_eq!(seg["blocks"][0]["owner"], serde_json::json!(["a", "b"]));
    assert_eq!(seg["blocks"][1]["state"], "inactive_split");
    assert_eq!(m["releasable_bytes"], 0);
}

#[test]
fn memtrace_reports_allocator_events_per_statement() {
    let (v, _, _) = sim("memtrace on\na = zeros(10, device=\"cuda\")\ndel a");
    assert_eq!(v[0]["kind"], "memtrace");
    let events: Vec<&str> = v[0]["events"].as_array().unwrap().iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(events, vec!["segment_alloc", "split", "alloc"]);
    let freed: Vec<&str> = v[1]["events"].as_array().unwrap().iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(freed, vec!["free", "merge"]);
    assert_eq!(v[1]["statement"], "del a");
}

#[test]
fn cuda_oom_gives_pytorchs_message_after_a_retry() {
    let (out, err, code) = tsr_split(&["--cuda", "sim", "--max-memory", "64M", "--keep-going", "--color", "never", "-c", "a = zeros(8, 1024, 1024, device=\"cuda\")\ndel a\nb = zeros(20, 1024, 1024, device=\"cuda\")\nprint memory_stats()[\"num_alloc_retries\"]"], "");
    assert_eq!(code, 1);
    assert!(err.contains("OutOfMemoryError: CUDA out of memory. Tried to allocate 80.00 MiB. GPU 0 has a total capacity of 64.00 MiB"), "{err}");
    assert_eq!(out, "1\n");
}

#[test]
fn devices_propagate_and_mixing_fails() {
    let (v, _, code) = sim("x = arange(6.).cuda()\ny = x * 2\ninspect y, y.cpu()\nx + arange(6.)");
    assert_eq!(code, 1);
    assert_eq!(v[0]["device"], "cuda:0");
    assert_eq!(v[0]["values"], serde_json::json!([0.0, 2.0, 4.0, 6.0, 8.0, 10.0]));
    assert_eq!(v[1]["device"], "cpu");
    assert_ne!(v[0]["storage"]["id"], v[1]["storage"]["id"]);
    assert_eq!(v[2]["kind"], "error");
    assert!(v[2]["message"].as_str().unwrap().contains("Expected all tensors to be on the same device"));
}

#[test]
fn cpu_allocator_counts_current_and_peak() {
    let (out, _, _) = tsr_split(&["--json", "-c", "a = zeros(1000)\nb = zeros(10)\ndel a\ninspect memory_allocated(\"cpu\"), max_memory_allocated(\"cpu\")"], "");
    let v = lines(&out);
    assert_eq!(v[0]["value"], 40);
    assert_eq!(v[1]["value"], 4040);
}

#[test]
fn bad_allocator_config_is_a_usage_error() {
    let (_, err, code) = tsr_split(&["--cuda", "sim", "--alloc-conf", "max_split_size_mb:5", "-c", "print 1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("max_split_size_mb too small"), "{err}");
}
