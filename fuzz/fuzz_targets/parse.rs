//! Fuzz target: the lexer and parser (`tsr::lang::parse_program`), the REPL's
//! completeness check, and the diagnostic for every syntax error (line/column
//! from the span, caret rendering). Any panic is a finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsr::lang::{is_complete, parse_program};
use tsr::render::style::Style;
use tsr::report::diag::Diagnostic;

fuzz_target!(|data: &[u8]| {
    // The CLI reads files and pipes with `from_utf8_lossy`; do the same.
    let src = String::from_utf8_lossy(data);
    let _ = is_complete(&src);
    for stmt in parse_program(&src) {
        match stmt {
            Ok(s) => {
                assert!(s.span.start <= s.span.end && s.span.end <= src.len(), "statement span out of range");
            }
            Err(e) => {
                assert!(e.span.start <= src.len(), "error span out of range: {:?} in {} bytes", e.span, src.len());
                let d = Diagnostic::new("SyntaxError", &e.message, None, e.span, &src, 0, "fuzz.tsr");
                let _ = tsr::render::diag::render(&d, Style { color: false });
                let _ = tsr::render::json::render_error(&d);
            }
        }
    }
});
