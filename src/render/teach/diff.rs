//! `diff x, y` as a two-column table, differing fields marked `≠`.

use crate::render::style::Style;
use crate::report::teach::diff::DiffReport;

use super::text::{columns, heading, hex, py_bool, tint, Cell};

fn show(field: &str, v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Array(xs) => {
            let items: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
            if items.len() == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) }
        }
        serde_json::Value::Bool(b) => py_bool(*b).to_string(),
        serde_json::Value::Number(n) if field == "data_ptr" => n.as_u64().map(hex).unwrap_or_else(|| n.to_string()),
        serde_json::Value::Number(n) if field == "storage" => format!("S{n}"),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

pub fn table(r: &DiffReport, st: Style) -> String {
    let k = r.differing.len();
    let summary = match k {
        0 => "identical headers".to_string(),
        _ => format!("{k} of {} fields differ: {}", r.fields.len(), r.differing.join(", ")),
    };
    let share = if r.same_storage { "same storage: they share memory" } else { "different storages" };
    let mut out = heading(st, &format!("diff {}, {}", r.a, r.b), &format!("{summary}; {share}"), st.width);
    let mut rows = vec![vec![Cell::new(""), Cell::styled(r.a.clone(), |x| tint(st, 0, x)), Cell::styled(r.b.clone(), |x| tint(st, 1, x))]];
    for f in &r.fields {
        let (a, b) = (show(&f.field, &f.a), show(&f.field, &f.b));
        if f.differs {
            rows.push(vec![
                Cell::styled(format!("{} ≠", f.field), |x| st.yellow(x)),
                Cell::styled(a, |x| st.yellow(x)),
                Cell::styled(b, |x| st.yellow(x)),
            ]);
        } else {
            rows.push(vec![Cell::styled(f.field.clone(), |x| st.dim(x)), Cell::styled(a, |x| st.dim(x)), Cell::styled(b, |x| st.dim(x))]);
        }
    }
    out.push_str(&columns("  ", &rows, st.width));
    out
}
