//! `addr x[i, j]` as text: the offset formula with the real numbers.

use crate::render::style::Style;
use crate::report::teach::addr::AddrReport;

use super::text::{heading, hex, pack, para, tuple, Cell};

pub fn table(r: &AddrReport, st: Style) -> String {
    let idx: Vec<String> = r.index.iter().map(|i| i.to_string()).collect();
    let w = st.width;
    let mut out = heading(
        st,
        &if idx.is_empty() { format!("addr {}", r.name) } else { format!("addr {}[{}]", r.name, idx.join(", ")) },
        &format!(
            "{}: shape {}, stride {}, storage_offset {}, {} ({} B)",
            r.name,
            tuple(&r.shape),
            tuple(&r.stride),
            r.storage_offset,
            r.dtype,
            r.element_size
        ),
        w,
    );
    let pad = "          ";
    if r.index.iter().zip(&r.wrapped).any(|(&a, &b)| a != b as i64) {
        let wrapped: Vec<String> = r.wrapped.iter().map(|i| i.to_string()).collect();
        let text = format!("= [{}] → [{}]  (a negative index counts from the end: i + size)", idx.join(", "), wrapped.join(", "));
        out.push_str(&para(Some(Cell::new("index  ")), &text, w, "  ", pad, str::to_string));
    }
    // Indices in cyan, strides in yellow, in the formula and in the numbers.
    // A long sum breaks before a `+`, under the first term.
    let sum = |first: Cell, terms: Vec<Cell>, lead: &str| -> String {
        let pieces: Vec<Cell> = std::iter::once(first).chain(terms).collect();
        pack(&pieces, w, lead, &format!("{pad}  "), " ").into_iter().map(|l| l + "\n").collect()
    };
    let symbolic: Vec<Cell> = (0..r.terms.len())
        .map(|d| Cell { plain: format!("+ i{d}·stride[{d}]"), shown: format!("+ {}·{}", st.cyan(&format!("i{d}")), st.yellow(&format!("stride[{d}]"))) })
        .collect();
    let numbers: Vec<Cell> = r
        .terms
        .iter()
        .map(|t| Cell { plain: format!("+ {}·{}", t.index, t.stride), shown: format!("+ {}·{}", st.cyan(&t.index.to_string()), st.yellow(&t.stride.to_string())) })
        .collect();
    out.push_str(&sum(Cell::new("offset  = storage_offset"), symbolic, "  "));
    if !r.terms.is_empty() {
        out.push_str(&sum(Cell::new(format!("= {}", r.storage_offset)), numbers, pad));
    }
    let elems = Cell::styled(format!("= {}", r.offset), |x| st.bold(x));
    out.push_str(&para(Some(elems), &format!("elements from the start of storage S{}", r.storage), w, pad, &format!("{pad}  "), |x| st.dim(x)));
    out.push_str(&sum(Cell::new("address = storage data_ptr"), vec![Cell::new("+ offset · element_size")], "  "));
    out.push_str(&format!("{pad}= {} + {} · {} B\n", hex(r.storage_data_ptr), r.offset, r.element_size));
    let at = Cell::styled(format!("= {}", hex(r.address)), |x| st.bold(x));
    out.push_str(&para(Some(at), &format!("(byte {} of the storage)", r.byte_offset), w, pad, &format!("{pad}  "), |x| st.dim(x)));
    out.push_str(&para(Some(Cell::new("value   =")), &r.value_text, w, "  ", pad, |x| st.bold(x)));
    let note = format!(
        "({}.data_ptr() = {} = storage data_ptr + {} · {} B: the address of its first element)",
        r.name,
        hex(r.data_ptr),
        r.storage_offset,
        r.element_size,
    );
    out.push_str(&para(None, &note, w, "  ", "   ", |x| st.dim(x)));
    out
}
