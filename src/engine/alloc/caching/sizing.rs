//! Size constants and the two size functions of `malloc`: `round_size`
//! (request → block size) and `get_allocation_size` (block size → segment size).

use super::config::AllocatorConfig;

/// Every size is rounded up to a multiple of this (`kMinBlockSize`).
pub const K_MIN_BLOCK_SIZE: usize = 512;
/// Requests of this size or smaller use the small pool (`kSmallSize`, 1 MiB).
pub const K_SMALL_SIZE: usize = 1_048_576;
/// Segment size of the small pool (`kSmallBuffer`, 2 MiB).
pub const K_SMALL_BUFFER: usize = 2_097_152;
/// Segment size for large requests below [`K_MIN_LARGE_ALLOC`] (`kLargeBuffer`, 20 MiB).
pub const K_LARGE_BUFFER: usize = 20_971_520;
/// Requests between 1 MiB and this get a 20 MiB segment (`kMinLargeAlloc`, 10 MiB).
pub const K_MIN_LARGE_ALLOC: usize = 10_485_760;
/// Larger requests get a segment rounded up to this (`kRoundLarge`, 2 MiB).
pub const K_ROUND_LARGE: usize = 2_097_152;
/// Requests of this many bytes or more fail at once (`one_exa_bytes`, 2^60).
pub const ONE_EXA_BYTE: usize = 1_152_921_504_606_846_976;

/// `round_size`: below 512 → 512; with a `roundup_power2_divisions` setting
/// `d > 1` for this size's bucket and `size > 512 * d` → the next 1/d step
/// between powers of two; else the next multiple of 512.
/// Callers pass sizes below [`ONE_EXA_BYTE`], so nothing here overflows.
pub fn round_size(size: usize, config: &AllocatorConfig) -> usize {
    if size < K_MIN_BLOCK_SIZE {
        return K_MIN_BLOCK_SIZE;
    }
    let divisions = config.roundup_power2_divisions_for(size);
    if divisions > 1 && size > K_MIN_BLOCK_SIZE.saturating_mul(divisions) {
        roundup_power2_next_division(size, divisions)
    } else {
        size.div_ceil(K_MIN_BLOCK_SIZE) * K_MIN_BLOCK_SIZE
    }
}

/// `roundup_power2_next_division`: 1200 with 4 divisions → 1280 (the steps
/// between 1024 and 2048 are 1024, 1280, 1536, 1792). `divisions >= 2`.
pub fn roundup_power2_next_division(size: usize, divisions: usize) -> usize {
    if size.is_power_of_two() {
        return size;
    }
    let floor = 1usize << (usize::BITS - 1 - size.leading_zeros());
    let log_div = usize::BITS - 1 - divisions.max(1).leading_zeros();
    let step = floor >> log_div;
    if step == 0 {
        return floor << 1;
    }
    let round_floor = size & !(step - 1);
    if round_floor == size { size } else { round_floor + step }
}

/// `get_allocation_size`: the segment to reserve for a block of `size` bytes.
pub fn get_allocation_size(size: usize) -> usize {
    if size <= K_SMALL_SIZE {
        K_SMALL_BUFFER
    } else if size < K_MIN_LARGE_ALLOC {
        K_LARGE_BUFFER
    } else {
        size.div_ceil(K_ROUND_LARGE) * K_ROUND_LARGE
    }
}
