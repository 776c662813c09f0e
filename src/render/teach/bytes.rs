//! `bytes x` as a hex dump: one row per element (with the IEEE 754 fields
//! for floats), or 16 bytes a row for an untyped storage.

use crate::render::style::Style;
use crate::report::teach::bytes::BytesReport;

use super::text::{bytes, columns, heading, hex, plural, Cell};

fn hex_bytes(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(" ")
}

pub fn table(r: &BytesReport, st: Style) -> String {
    if r.scope == "storage" {
        return storage(r, st);
    }
    let dtype = r.dtype.clone().unwrap_or_default();
    let size = r.element_size.unwrap_or(1);
    let mut out = heading(
        st,
        &format!("bytes {}", r.name),
        &format!(
            "· {dtype}, {size} B per element, {} (lowest address first) · {} = {} in storage S{}",
            r.byte_order,
            plural(r.total, "element"),
            bytes(r.total_bytes),
            r.storage
        ),
        st.width,
    );
    let float = r.elements.iter().any(|e| e.ieee.is_some());
    let mut head = vec!["index", "storage", "address", "bytes", "value"];
    if float {
        head.extend(["sign", "exponent", "mantissa", "= sign × 2^(exponent-bias) × 1.mantissa"]);
    }
    let mut rows = vec![head.into_iter().map(|h| Cell::styled(h, |s| st.dim(s))).collect::<Vec<_>>()];
    for (i, e) in r.elements.iter().enumerate() {
        if r.omitted > 0 && i == r.omitted_at {
            rows.push(vec![Cell::styled(format!("… {} not shown", plural(r.omitted, "element")), |s| st.dim(s))]);
        }
        let idx: Vec<String> = e.index.iter().map(|x| x.to_string()).collect();
        let mut row = vec![
            Cell::new(format!("[{}]", idx.join(", "))),
            Cell::new(format!("[{}]", e.storage_index)),
            Cell::styled(hex(e.address), |s| st.dim(s)),
            Cell::styled(hex_bytes(&e.bytes), |s| st.cyan(s)),
            Cell::styled(e.value_text.clone(), |s| st.bold(s)),
        ];
        if let Some(f) = &e.ieee {
            row.extend([
                Cell::styled(f.sign.to_string(), |s| st.red_bold(s)),
                Cell::styled(f.exponent_bits.clone(), |s| st.yellow(s)),
                Cell::styled(f.mantissa_bits.clone(), |s| st.blue(s)),
                Cell::styled(f.formula.clone(), |s| st.dim(s)),
            ]);
        }
        rows.push(row);
    }
    out.push_str(&columns("  ", &rows, st.width));
    out
}

fn storage(r: &BytesReport, st: Style) -> String {
    let mut out = heading(
        st,
        &format!("bytes {}", r.name),
        &format!("· storage S{}, {}, untyped (a storage has no dtype: just bytes), {}", r.storage, bytes(r.total_bytes), r.byte_order),
        st.width,
    );
    // 16 bytes a row, or 8 or 4 when the row would not fit: `  offset  address  bytes`.
    let fits = |n: usize| 2 + 6 + 2 + 14 + 2 + 3 * n - 1 <= st.width;
    let per = [16, 8, 4].into_iter().find(|&n| fits(n)).unwrap_or(4);
    let cols: String = (0..per).map(|i| format!("{i:02x}")).collect::<Vec<_>>().join(" ");
    let mut rows = vec![vec![Cell::styled("offset", |s| st.dim(s)), Cell::styled("address", |s| st.dim(s)), Cell::styled(cols, |s| st.dim(s))]];
    for (i, row) in r.rows.iter().enumerate() {
        if r.omitted > 0 && i == r.omitted_at {
            rows.push(vec![Cell::styled(format!("… {} not shown", plural(r.omitted * 16, "byte")), |s| st.dim(s))]);
        }
        for (k, part) in row.bytes.chunks(per).enumerate() {
            let at = k * per;
            rows.push(vec![Cell::new((row.offset + at).to_string()), Cell::styled(hex(row.address + at as u64), |s| st.dim(s)), Cell::new(hex_bytes(part))]);
        }
    }
    out.push_str(&columns("  ", &rows, st.width));
    out
}
