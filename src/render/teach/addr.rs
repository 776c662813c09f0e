//! `addr x[i, j]` as text: the offset formula with the real numbers.

use crate::render::style::Style;
use crate::report::teach::addr::AddrReport;

use super::text::{hex, tuple};

pub fn table(r: &AddrReport, st: Style) -> String {
    let idx: Vec<String> = r.index.iter().map(|i| i.to_string()).collect();
    let mut out = format!(
        "{}  {}\n",
        st.bold(&if idx.is_empty() { format!("addr {}", r.name) } else { format!("addr {}[{}]", r.name, idx.join(", ")) }),
        st.dim(&format!(
            "{}: shape {}, stride {}, storage_offset {}, {} ({} B)",
            r.name,
            tuple(&r.shape),
            tuple(&r.stride),
            r.storage_offset,
            r.dtype,
            r.element_size
        ))
    );
    let pad = "          ";
    if r.index.iter().zip(&r.wrapped).any(|(&a, &b)| a != b as i64) {
        let w: Vec<String> = r.wrapped.iter().map(|i| i.to_string()).collect();
        out.push_str(&format!("  index   = [{}] → [{}]  (a negative index counts from the end: i + size)\n", idx.join(", "), w.join(", ")));
    }
    // Indices in cyan, strides in yellow, in the formula and in the numbers.
    let symbolic: String = (0..r.terms.len()).map(|d| format!(" + {}·{}", st.cyan(&format!("i{d}")), st.yellow(&format!("stride[{d}]")))).collect();
    let numbers: String = r.terms.iter().map(|t| format!(" + {}·{}", st.cyan(&t.index.to_string()), st.yellow(&t.stride.to_string()))).collect();
    out.push_str(&format!("  offset  = storage_offset{symbolic}\n"));
    if !r.terms.is_empty() {
        out.push_str(&format!("{pad}= {}{numbers}\n", r.storage_offset));
    }
    out.push_str(&format!("{pad}= {}  {}\n", st.bold(&r.offset.to_string()), st.dim(&format!("elements from the start of storage S{}", r.storage))));
    out.push_str("  address = storage data_ptr + offset · element_size\n");
    out.push_str(&format!("{pad}= {} + {} · {} B\n", hex(r.storage_data_ptr), r.offset, r.element_size));
    out.push_str(&format!("{pad}= {}  {}\n", st.bold(&hex(r.address)), st.dim(&format!("(byte {} of the storage)", r.byte_offset))));
    out.push_str(&format!("  value   = {}\n", st.bold(&r.value_text)));
    out.push_str(&st.dim(&format!(
        "  ({}.data_ptr() = {} = storage data_ptr + {} · {} B: the address of its first element)\n",
        r.name,
        hex(r.data_ptr),
        r.storage_offset,
        r.element_size,
    )));
    out
}
