//! `lineage` and `explain` as a chain of steps, oldest (innermost) first:
//! each step a box marked view (green), copy (vermillion) or other, with the
//! layout it left and, for `explain`, the reason, wrapped.

use crate::render::teach::text::tuple;
use crate::report::teach::explain::ExplainReport;
use crate::report::teach::lineage::LineageReport;

use super::{Canvas, attr, text_w, wrap};

/// Characters per line of a reason.
const WRAP: usize = 72;

struct Step {
    title: String,
    kind: String,
    /// The kind as shown (`copy 48 B`).
    badge: String,
    lines: Vec<String>,
    storage: Option<u64>,
}

fn class(kind: &str) -> &'static str {
    match kind {
        "view" | "same" => "view",
        "copy" => "copy",
        "error" => "fail",
        _ => "other",
    }
}

fn draw(c: &mut Canvas, steps: &[Step], top: f64) -> f64 {
    let mut y = top;
    let x = 24.0;
    let mut prev_bottom: Option<f64> = None;
    for (i, s) in steps.iter().enumerate() {
        let h = 26.0 + 17.0 * s.lines.len() as f64;
        let w = std::iter::once(text_w(&s.title) + text_w(&s.badge) + 40.0)
            .chain(s.lines.iter().map(|l| text_w(l) + 24.0))
            .fold(200.0, f64::max);
        if let Some(b) = prev_bottom {
            c.line(x + 20.0, b, x + 20.0, y, "link");
            c.text(x + 20.0, y - 2.0, "▼", "middle", "muted small");
        }
        let mut attrs = format!(
            "{}{}",
            attr("data-step", &i.to_string()),
            attr("data-kind", &s.kind)
        );
        if let Some(st) = s.storage {
            attrs.push_str(&attr("data-storage", &format!("S{st}")));
        }
        c.rect(x, y, w, h, class(&s.kind), &attrs, None);
        c.text(x + 10.0, y + 18.0, &s.title, "start", "title");
        c.text(x + w - 10.0, y + 18.0, &s.badge, "end", "title");
        for (j, l) in s.lines.iter().enumerate() {
            c.text(
                x + 10.0,
                y + 36.0 + 17.0 * j as f64,
                l,
                "start",
                if j == 0 { "" } else { "muted" },
            );
        }
        prev_bottom = Some(y + h);
        y += h + 22.0;
    }
    y
}

pub fn lineage(r: &LineageReport) -> String {
    let mut c = Canvas::new();
    c.text(
        12.0,
        18.0,
        &format!("lineage {} · {}", r.name, r.summary()),
        "start",
        "title",
    );
    let mut steps = vec![];
    let mut next = 0;
    for s in &r.steps {
        if s.n != next {
            steps.push(Step {
                title: "…".into(),
                kind: "omitted".into(),
                badge: String::new(),
                lines: vec![format!("{} steps not shown", r.omitted)],
                storage: None,
            });
        }
        let a = &s.after;
        steps.push(Step {
            title: format!("{}. {}", s.n, s.op),
            kind: s.kind.clone(),
            badge: s.kind.clone(),
            lines: vec![format!(
                "S{}  shape {}  stride {}  offset {}",
                s.storage,
                tuple(&a.shape),
                tuple(&a.stride),
                a.offset
            )],
            storage: Some(s.storage),
        });
        next = s.n + 1;
    }
    if steps.is_empty() {
        c.text(12.0, 40.0, "no recorded history", "start", "muted");
    }
    draw(&mut c, &steps, 32.0);
    c.finish(&format!("lineage of {}", r.name), "")
}

pub fn explain(r: &ExplainReport) -> String {
    let mut c = Canvas::new();
    c.text(12.0, 18.0, &format!("explain {}", r.expr), "start", "title");
    let steps: Vec<Step> = r
        .steps
        .iter()
        .map(|s| {
            let mut lines = vec![];
            match (&s.output, &s.value) {
                (Some(o), _) => lines.push(format!(
                    "S{}  shape {}  stride {}  offset {}",
                    o.storage,
                    tuple(&o.shape),
                    tuple(&o.stride),
                    o.offset
                )),
                (None, Some(v)) => lines.push(crate::render::teach::text::fit(v, WRAP)),
                _ => {}
            }
            lines.extend(wrap(&s.why, WRAP));
            let badge = match s.kind.as_str() {
                "copy" => format!("copy {} B", s.bytes_copied),
                "new" => format!("new {} B", s.bytes_copied),
                k => k.to_string(),
            };
            Step {
                title: s.op.clone(),
                kind: s.kind.clone(),
                badge,
                lines,
                storage: s.output.as_ref().map(|o| o.storage),
            }
        })
        .collect();
    let mut y = draw(&mut c, &steps, 32.0);
    if let Some(e) = &r.error {
        for l in wrap(&format!("{}: {}", e.error_type, e.message), WRAP + 8) {
            c.text(24.0, y, &l, "start", "");
            y += 17.0;
        }
        if let Some(f) = e.fix.as_ref().or(e.hint.as_ref()) {
            for l in wrap(
                &format!("{} {f}", if e.fix.is_some() { "fix:" } else { "hint:" }),
                WRAP + 8,
            ) {
                c.text(24.0, y, &l, "start", "muted");
                y += 17.0;
            }
        }
    }
    if !r.summary.is_empty() {
        for l in wrap(&format!("→ {}", r.summary), WRAP + 8) {
            c.text(24.0, y, &l, "start", "");
            y += 17.0;
        }
    }
    c.finish(&format!("explain {}", r.expr), "")
}
