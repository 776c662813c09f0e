//! `PYTORCH_CUDA_ALLOC_CONF` parsing (`CUDAAllocatorConfig::parseArgs`).
//!
//! Format: comma-separated `key:value` pairs, list values in `[...]`,
//! whitespace ignored. Error texts are PyTorch's (2024 `CUDAAllocatorConfig.cpp`,
//! with the newer `>= 20` bound and list semantics of `c10/core/AllocatorConfig.cpp`).

use super::sizing::K_LARGE_BUFFER;
use crate::engine::error::{EngineError, ErrorKind, Result};

const MB: usize = 1024 * 1024;
/// One `roundup_power2_divisions` bucket per power of two from 1 MB to 64 GB.
pub const ROUNDUP_INTERVALS: usize = 16;

/// The allocator's settings. Invariants: `max_split_size >= 20 MiB` (or
/// `usize::MAX`, meaning unlimited); `max_non_split_rounding_size >= 20 MiB`;
/// every division is 0 or a power of two; `0 <= garbage_collection_threshold < 1`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AllocatorConfig {
    /// Blocks of this size or more are never split (`max_split_size_mb`).
    pub max_split_size: usize,
    /// An oversize request may take a cached oversize block smaller than
    /// `request + this` (`max_non_split_rounding_mb`, default 20 MiB).
    pub max_non_split_rounding_size: usize,
    /// Divisions per bucket; bucket `i` holds sizes in `[2^(20+i), 2^(21+i))`,
    /// bucket 0 also everything below 1 MiB, bucket 15 everything above.
    pub roundup_power2_divisions: [usize; ROUNDUP_INTERVALS],
    /// Fraction of the allowed memory above which cached blocks are
    /// garbage-collected (only with a memory fraction set). 0 = off.
    pub garbage_collection_threshold: f64,
    /// Always false: tsr does not implement expandable segments.
    pub expandable_segments: bool,
    /// Accepted and ignored (tsr has no lock to release).
    pub release_lock_on_cudamalloc: bool,
}

impl Default for AllocatorConfig {
    fn default() -> Self {
        AllocatorConfig {
            max_split_size: usize::MAX,
            max_non_split_rounding_size: K_LARGE_BUFFER,
            roundup_power2_divisions: [0; ROUNDUP_INTERVALS],
            garbage_collection_threshold: 0.0,
            expandable_segments: false,
            release_lock_on_cudamalloc: false,
        }
    }
}

impl AllocatorConfig {
    /// Parses a `PYTORCH_CUDA_ALLOC_CONF` value; the empty string gives the defaults.
    pub fn parse(env: &str) -> Result<AllocatorConfig> {
        Parser { tokens: lex(env), config: AllocatorConfig::default() }.run()
    }

    /// `roundup_power2_divisions(size)`: the divisions for `size`'s bucket.
    pub fn roundup_power2_divisions_for(&self, size: usize) -> usize {
        let log_size = (usize::BITS - 1).saturating_sub(size.leading_zeros()) as usize;
        let index = log_size.saturating_sub(20).min(ROUNDUP_INTERVALS - 1);
        self.roundup_power2_divisions[index]
    }

    /// True when `max_split_size_mb` was given.
    pub fn has_max_split_size(&self) -> bool {
        self.max_split_size != usize::MAX
    }
}

/// `lexArgs`: `,` `:` `[` `]` are tokens of their own; whitespace is dropped.
fn lex(env: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut buf = String::new();
    for ch in env.chars() {
        if matches!(ch, ',' | ':' | '[' | ']') {
            if !buf.is_empty() {
                out.push(std::mem::take(&mut buf));
            }
            out.push(ch.to_string());
        } else if !ch.is_whitespace() {
            buf.push(ch);
        }
    }
    if !buf.is_empty() {
        out.push(buf);
    }
    out
}

fn err(msg: impl Into<String>) -> EngineError {
    EngineError::runtime(msg)
}

struct Parser {
    tokens: Vec<String>,
    config: AllocatorConfig,
}

impl Parser {
    fn tok(&self, i: usize) -> &str {
        self.tokens.get(i).map(String::as_str).unwrap_or("")
    }

    /// `consumeToken`.
    fn expect(&self, i: usize, c: char) -> Result<()> {
        if self.tokens.get(i).is_some_and(|t| t.len() == 1 && t.starts_with(c)) {
            Ok(())
        } else {
            Err(err(format!("Error parsing CachingAllocator settings, expected {c}")))
        }
    }

    fn number(&self, i: usize, key: &str) -> Result<usize> {
        number_at(&self.tokens, i, key)
    }

    fn boolean(&self, i: usize, key: &str) -> Result<bool> {
        match self.tokens.get(i).map(String::as_str) {
            Some("True") => Ok(true),
            Some("False") => Ok(false),
            _ => Err(err(format!("Expected a single True/False argument for {key}"))),
        }
    }

    /// `key : value`; returns the index of the value token.
    fn value_index(&self, i: usize, key: &str) -> Result<usize> {
        self.expect(i + 1, ':')?;
        if i + 2 < self.tokens.len() { Ok(i + 2) } else { Err(err(format!("Error, expecting {key} value"))) }
    }

    fn run(mut self) -> Result<AllocatorConfig> {
        let mut i = 0;
        while i < self.tokens.len() {
            let key = self.tokens[i].clone();
            i = match key.as_str() {
                "max_split_size_mb" | "max_non_split_rounding_mb" => self.size_mb(i, &key)?,
                "garbage_collection_threshold" => self.gc_threshold(i)?,
                "roundup_power2_divisions" => self.roundup(i)?,
                "expandable_segments" => {
                    let v = self.value_index(i, &key)?;
                    if self.boolean(v, &key)? {
                        return Err(EngineError::new(
                            ErrorKind::NotImplementedError,
                            "expandable_segments:True is not supported by tsr's caching allocator",
                        )
                        .with_hint("tsr implements only expandable_segments:False (the default)"));
                    }
                    v
                }
                "release_lock_on_cudamalloc" => {
                    let v = self.value_index(i, &key)?;
                    self.config.release_lock_on_cudamalloc = self.boolean(v, &key)?;
                    v
                }
                "pinned_use_cuda_host_register" | "pinned_use_background_threads" => {
                    let v = self.value_index(i, &key)?;
                    self.boolean(v, &key)?;
                    v
                }
                "pinned_num_register_threads" => {
                    let v = self.value_index(i, &key)?;
                    let n = self.number(v, &key)?;
                    if !n.is_power_of_two() {
                        return Err(err(format!("Number of register threads has to be power of 2, got {n}")));
                    }
                    v
                }
                "backend" => self.backend(i)?,
                _ => return Err(err(format!("Unrecognized CachingAllocator option: {key}"))),
            };
            if i + 1 < self.tokens.len() {
                i += 1;
                self.expect(i, ',')?;
            }
            i += 1;
        }
        Ok(self.config)
    }

    fn size_mb(&mut self, i: usize, key: &str) -> Result<usize> {
        let v = self.value_index(i, key)?;
        let mb = self.number(v, key)?;
        let min = K_LARGE_BUFFER / MB;
        if mb < min {
            return Err(err(format!("CachingAllocator option {key} too small, must be >= {min}")));
        }
        let bytes = mb.min(usize::MAX / MB) * MB;
        if key == "max_split_size_mb" {
            self.config.max_split_size = bytes;
        } else {
            self.config.max_non_split_rounding_size = bytes;
        }
        Ok(v)
    }

    fn gc_threshold(&mut self, i: usize) -> Result<usize> {
        let key = "garbage_collection_threshold";
        let v = self.value_index(i, key)?;
        let t = self.tok(v);
        let x: f64 = t.parse().map_err(|_| {
            err(format!("Error parsing CachingAllocator settings, expected a number for {key} but got '{t}'"))
        })?;
        if x.is_nan() || x <= 0.0 {
            return Err(err("garbage_collect_threshold too small, set it 0.0~1.0"));
        }
        if x >= 1.0 {
            return Err(err("garbage_collect_threshold too big, set it 0.0~1.0"));
        }
        self.config.garbage_collection_threshold = x;
        Ok(v)
    }

    fn backend(&self, i: usize) -> Result<usize> {
        let v = self.value_index(i, "backend")?;
        match self.tok(v) {
            "native" => Ok(v),
            "cudaMallocAsync" => Err(EngineError::new(
                ErrorKind::NotImplementedError,
                "backend:cudaMallocAsync is not supported by tsr's caching allocator",
            )
            .with_hint("tsr simulates only the native caching allocator")),
            _ => Err(err("Unknown allocator backend, options are native and cudaMallocAsync")),
        }
    }

    /// `parseRoundUpPower2Divisions`: a single power of two for every bucket,
    /// or `[64:8,256:4,>:1]` (bounds in MB; the first bound also fills every
    /// bucket below it; `>` fills every bucket after the last bound given).
    fn roundup(&mut self, i: usize) -> Result<usize> {
        let key = "roundup_power2_divisions";
        let mut i = self.value_index(i, key)?;
        let divs = &mut self.config.roundup_power2_divisions;
        if self.tokens[i] != "[" {
            let value = number_at(&self.tokens, i, key)?;
            if !value.is_power_of_two() {
                return Err(err("For roundups, the divisions has to be power of 2 "));
            }
            divs.fill(value);
            return Ok(i);
        }
        let mut last_index = 0usize;
        let mut first_value = true;
        loop {
            i += 1;
            match self.tokens.get(i).map(String::as_str) {
                None => return Err(err("Expected closing bracket ']' in ConfigTokenizer but reached end of config")),
                Some("]") => return Ok(i),
                Some(_) => {}
            }
            let bound_index = i;
            i += 1;
            if self.tokens.get(i).map(String::as_str) != Some(":") {
                return Err(err("Error parsing CachingAllocator settings, expected :"));
            }
            i += 1;
            if i >= self.tokens.len() {
                return Err(err("Error parsing roundup_power2_divisions value"));
            }
            let value = number_at(&self.tokens, i, key)?;
            if value != 0 && !value.is_power_of_two() {
                return Err(err("For roundups, the divisions has to be power of 2 or 0 to disable roundup "));
            }
            if self.tokens[bound_index] == ">" {
                let start = (last_index + 1).min(ROUNDUP_INTERVALS);
                divs[start..].fill(value);
            } else {
                let bound = number_at(&self.tokens, bound_index, key)?;
                if !bound.is_power_of_two() {
                    return Err(err("For roundups, the intervals have to be power of 2 "));
                }
                let index = (bound.trailing_zeros() as usize).min(ROUNDUP_INTERVALS - 1);
                if first_value {
                    divs[..index].fill(value);
                    first_value = false;
                }
                divs[index] = value;
                last_index = index;
            }
            if let Some(next) = self.tokens.get(i + 1)
                && next != "]"
            {
                i += 1;
                if self.tokens[i] != "," {
                    return Err(err("Error parsing CachingAllocator settings, expected ,"));
                }
            }
        }
    }
}

fn number_at(tokens: &[String], i: usize, key: &str) -> Result<usize> {
    let t = tokens.get(i).map(String::as_str).unwrap_or("");
    t.parse::<usize>().map_err(|_| {
        err(format!("Error parsing CachingAllocator settings, expected a non-negative integer for {key} but got '{t}'"))
            .with_hint("values are whole numbers, e.g. max_split_size_mb:128")
    })
}
