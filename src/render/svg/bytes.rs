//! `bytes` as a picture: one row per element, its bytes in address order,
//! and for floats the bit pattern split into IEEE 754 sign, exponent and
//! mantissa fields with the formula that gives the value. An untyped
//! storage is drawn 16 bytes a row.

use crate::render::teach::text::{bytes, plural};
use crate::report::teach::bytes::{ByteElement, BytesReport};

use super::{Canvas, attr, index_attr, text_w};

const BIT_W: f64 = 11.0;
const BYTE_W: f64 = 26.0;
const ROW_H: f64 = 22.0;

pub fn draw(r: &BytesReport) -> String {
    let mut c = Canvas::new();
    if r.scope == "storage" {
        storage(&mut c, r);
        return c.finish(&format!("bytes of {}", r.name), "");
    }
    let dtype = r.dtype.clone().unwrap_or_default();
    c.text(12.0, 18.0, &format!("bytes {}", r.name), "start", "title");
    c.text(
        12.0,
        36.0,
        &format!(
            "{dtype}, {} B per element, {} · {} = {} in S{}",
            r.element_size.unwrap_or(1),
            r.byte_order,
            plural(r.total, "element"),
            bytes(r.total_bytes),
            r.storage
        ),
        "start",
        "muted",
    );
    let float = r.elements.iter().any(|e| e.ieee.is_some());
    if float {
        // The key to the field colours.
        let mut x = 12.0;
        for (class, name) in [("sign", "sign"), ("exp", "exponent"), ("man", "mantissa")] {
            c.rect(x, 44.0, 12.0, 12.0, class, "", None);
            c.text(x + 18.0, 54.0, name, "start", "small");
            x += 40.0 + text_w(name);
        }
    }
    let label_w = r
        .elements
        .iter()
        .map(|e| text_w(&format!("[{}]", index_attr(&e.index))))
        .fold(40.0, f64::max)
        + 12.0;
    let mut y = 66.0;
    for (i, e) in r.elements.iter().enumerate() {
        if r.omitted > 0 && i == r.omitted_at {
            c.text(
                12.0,
                y + 15.0,
                &format!("… {} not shown", plural(r.omitted, "element")),
                "start",
                "muted",
            );
            y += ROW_H + 4.0;
        }
        y = element(&mut c, r, e, label_w, y);
    }
    c.finish(&format!("bytes of {}", r.name), "")
}

fn element(c: &mut Canvas, r: &BytesReport, e: &ByteElement, label_w: f64, y: f64) -> f64 {
    let idx = format!("[{}]", index_attr(&e.index));
    c.group(
        "",
        &format!(
            "{}{}{}",
            attr("data-tensor", &r.name),
            attr("data-index", &index_attr(&e.index)),
            attr("data-address", &format!("0x{:x}", e.address))
        ),
    );
    c.text(12.0, y + 15.0, &idx, "start", "");
    let mut x = 12.0 + label_w;
    for (k, b) in e.bytes.iter().enumerate() {
        c.rect(
            x,
            y,
            BYTE_W - 2.0,
            ROW_H - 4.0,
            "byte",
            &attr("data-byte", &format!("0x{:x}", e.address + k as u64)),
            Some(&format!("byte at 0x{:x}", e.address + k as u64)),
        );
        c.text(
            x + (BYTE_W - 2.0) / 2.0,
            y + 13.0,
            &format!("{b:02x}"),
            "middle",
            "small",
        );
        x += BYTE_W;
    }
    x += 10.0;
    let mut y_end = y + ROW_H;
    match &e.ieee {
        Some(f) => {
            for (class, field, bits) in [
                ("sign", "sign", f.sign.to_string()),
                ("exp", "exponent", f.exponent_bits.clone()),
                ("man", "mantissa", f.mantissa_bits.clone()),
            ] {
                c.group(
                    class,
                    &format!("{}{}", attr("data-field", field), attr("data-bits", &bits)),
                );
                for ch in bits.chars() {
                    c.rect(x, y, BIT_W - 1.0, ROW_H - 4.0, class, "", None);
                    c.text(
                        x + (BIT_W - 1.0) / 2.0,
                        y + 13.0,
                        &ch.to_string(),
                        "middle",
                        "small",
                    );
                    x += BIT_W;
                }
                c.end_group();
                x += 4.0;
            }
            c.text(
                x + 8.0,
                y + 13.0,
                &format!("= {}", e.value_text),
                "start",
                "title",
            );
            c.text(
                12.0 + label_w,
                y + ROW_H + 12.0,
                &f.formula,
                "start",
                "muted small",
            );
            y_end += 16.0;
        }
        None => c.text(
            x,
            y + 13.0,
            &format!("= {}", e.value_text),
            "start",
            "title",
        ),
    }
    c.end_group();
    y_end + 4.0
}

fn storage(c: &mut Canvas, r: &BytesReport) {
    c.text(12.0, 18.0, &format!("bytes {}", r.name), "start", "title");
    c.text(
        12.0,
        36.0,
        &format!(
            "storage S{}, {}, untyped (just bytes), {}",
            r.storage,
            bytes(r.total_bytes),
            r.byte_order
        ),
        "start",
        "muted",
    );
    let left = 12.0 + 60.0;
    for k in 0..16 {
        c.text(
            left + k as f64 * BYTE_W + (BYTE_W - 2.0) / 2.0,
            56.0,
            &format!("{k:02x}"),
            "middle",
            "muted small",
        );
    }
    let mut y = 62.0;
    for (i, row) in r.rows.iter().enumerate() {
        if r.omitted > 0 && i == r.omitted_at {
            c.text(
                12.0,
                y + 14.0,
                &format!("… {} not shown", plural(r.omitted * 16, "byte")),
                "start",
                "muted",
            );
            y += ROW_H;
        }
        c.text(
            left - 8.0,
            y + 13.0,
            &row.offset.to_string(),
            "end",
            "muted small",
        );
        for (k, b) in row.bytes.iter().enumerate() {
            let x = left + k as f64 * BYTE_W;
            c.rect(
                x,
                y,
                BYTE_W - 2.0,
                ROW_H - 4.0,
                "byte",
                &format!(
                    "{}{}",
                    attr("data-storage", &format!("S{}", r.storage)),
                    attr("data-byte", &(row.offset + k).to_string())
                ),
                None,
            );
            c.text(
                x + (BYTE_W - 2.0) / 2.0,
                y + 13.0,
                &format!("{b:02x}"),
                "middle",
                "small",
            );
        }
        y += ROW_H;
    }
}
