//! The REPL's core without a terminal: inputs as the editor hands them
//! over (continuation markers included) go through `Session::handle`.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use super::{Flow, Session};
use crate::cli::repl_helper::CONTINUATION;
use crate::cli::runner::{Runner, RunnerConfig};

/// A writer the test reads back.
#[derive(Clone, Default)]
struct Buf(Rc<RefCell<Vec<u8>>>);

impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Buf {
    fn take(&self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut *self.0.borrow_mut())).into_owned()
    }
}

fn session() -> (Session, Buf, Buf) {
    let (out, err) = (Buf::default(), Buf::default());
    let cfg = RunnerConfig { record: true, ..RunnerConfig::default() };
    let runner = Runner::with_writers(&cfg, "", Box::new(out.clone()), Box::new(err.clone()));
    (Session { runner, names: Rc::new(RefCell::new(vec![])), color: false }, out, err)
}

/// Lines typed one after another, as the Enter key joins them.
fn typed(lines: &[&str]) -> String {
    lines.join(&format!("\n{CONTINUATION}"))
}

fn bound(s: &Session, name: &str) -> bool {
    s.runner.interp.vars.contains_key(name)
}

fn saved(s: &mut Session) -> String {
    let path = std::env::temp_dir().join(format!("tsr-repl-save-{}-{:?}.tsr", std::process::id(), std::thread::current().id()));
    s.save(path.to_str().expect("utf-8 temp path"));
    let text = std::fs::read_to_string(&path).expect("saved file");
    let _ = std::fs::remove_file(&path);
    text
}

#[test]
fn an_input_with_a_syntax_error_anywhere_runs_none_of_it() {
    let (mut s, out, err) = session();
    assert_eq!(s.handle("w = ones(2)"), Flow::Continue);
    // The issue's input: the body of the `with` was not indented.
    s.handle(&typed(&["with no_grad():", "z = w * 3", ""]));
    let e = err.take();
    assert!(e.contains("expected an indented block"), "{e}");
    assert!(!bound(&s, "z"), "z = w * 3 ran outside no_grad");
    // A good statement before the bad one does not run either.
    s.handle(&typed(&["a = 1", "b = )", "c = 3"]));
    assert!(err.take().contains("unexpected token ')'"));
    assert!(!bound(&s, "a") && !bound(&s, "c"));
    out.take();
    assert_eq!(saved(&mut s), "w = ones(2)\n");
}

#[test]
fn save_keeps_only_the_statements_that_ran() {
    let (mut s, _out, err) = session();
    s.handle("p = 1");
    // A runtime error ends the input: q fails, r never runs.
    s.handle("q = nope; r = 2");
    assert!(err.take().contains("NameError"));
    assert!(bound(&s, "p") && !bound(&s, "r"));
    s.handle(&typed(&["for i in range(2):", "    p = p + i", ""]));
    s.handle("%timeit p");
    assert!(err.take().contains("IPython magic"));
    assert_eq!(saved(&mut s), "p = 1\nfor i in range(2):\n    p = p + i\n");
    assert_eq!(s.runner.interp.vars.get("p").map(crate::eval::py::repr::repr).as_deref(), Some("2"));
}

#[test]
fn load_refuses_a_file_with_a_syntax_error() {
    let (mut s, out, err) = session();
    let path = std::env::temp_dir().join(format!("tsr-repl-load-{}.tsr", std::process::id()));
    std::fs::write(&path, "k = 1\nif k:\nm = 2\n").expect("write");
    s.load(path.to_str().expect("utf-8 temp path"));
    let _ = std::fs::remove_file(&path);
    assert!(err.take().contains("expected an indented block"));
    assert!(out.take().contains("0 statements ran"));
    assert!(!bound(&s, "k") && !bound(&s, "m"));
}
