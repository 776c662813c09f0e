use super::*;

#[test]
fn escapes_markup_and_controls() {
    assert_eq!(
        esc("a<b & \"c\" 'd'>"),
        "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
    );
    assert_eq!(esc("x\u{1}y"), "x\u{fffd}y");
}

#[test]
fn numbers_are_stable() {
    assert_eq!(n(3.0), "3");
    assert_eq!(n(3.25), "3.3");
    assert_eq!(n(-0.04), "0");
}

#[test]
fn wraps_at_word_boundaries() {
    assert_eq!(
        wrap("one two three four", 9),
        vec!["one two", "three", "four"]
    );
    assert_eq!(wrap("", 9), Vec::<String>::new());
}

#[test]
fn unravels_row_major() {
    assert_eq!(map::unravel(5, &[2, 3]), vec![1, 2]);
    assert_eq!(map::unravel(0, &[]), Vec::<usize>::new());
}
