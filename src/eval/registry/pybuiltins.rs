//! The Python builtins' help: CPython's signature and first doc line, one
//! row per row of `py/builtins.rs`'s `BUILTINS` (a test keeps them equal).

/// (name, signature, summary, example: source whose last line shows a
/// value; empty for `exit`/`quit`, which would end the session)
pub const DOCS: &[(&str, &str, &str, &str)] = &[
    ("print", "print(*args, sep=' ', end='\\n', file=None, flush=False)", "Prints the values to a stream, or to sys.stdout by default.", "print(\"shape\", (2, 3), sep=\": \")"),
    ("len", "len(obj, /)", "Return the number of items in a container.", "len(torch.zeros(4, 2))"),
    ("range", "range(stop) -> range object\nrange(start, stop[, step]) -> range object", "Return an object that produces a sequence of integers from start (inclusive) to stop (exclusive) by step.", "list(range(1, 10, 3))"),
    ("slice", "slice(stop)\nslice(start, stop[, step])", "Create a slice object. This is used for extended slicing (e.g. a[0:10:2]).", "x = torch.arange(10)\nx[slice(1, 8, 2)]"),
    ("enumerate", "enumerate(iterable, start=0)", "Return an enumerate object: pairs (index, item).", "list(enumerate(\"ab\"))"),
    ("zip", "zip(*iterables, strict=False)", "The zip object yields n-length tuples, where n is the number of iterables passed as positional arguments to zip().", "list(zip([1, 2], \"ab\"))"),
    ("reversed", "reversed(sequence, /)", "Return a reverse iterator over the values of the given sequence.", "list(reversed([1, 2, 3]))"),
    ("sorted", "sorted(iterable, /, *, key=None, reverse=False)", "Return a new list containing all items from the iterable in ascending order.", "sorted([3, 1, 2], reverse=True)"),
    ("min", "min(iterable, *[, default=obj, key=func]) -> value\nmin(arg1, arg2, *args, *[, key=func]) -> value", "With a single iterable argument, return its smallest item; with two or more positional arguments, return the smallest argument.", "min([4, 2, 8])"),
    ("max", "max(iterable, *[, default=obj, key=func]) -> value\nmax(arg1, arg2, *args, *[, key=func]) -> value", "With a single iterable argument, return its biggest item; with two or more positional arguments, return the largest argument.", "max(3, 7, key=lambda v: -v)"),
    ("sum", "sum(iterable, /, start=0)", "Return the sum of a 'start' value (default: 0) plus an iterable of numbers.", "sum([1, 2, 3], 10)"),
    ("any", "any(iterable, /)", "Return True if bool(x) is True for any x in the iterable.", "any([0, 0, 1])"),
    ("all", "all(iterable, /)", "Return True if bool(x) is True for all values x in the iterable.", "all([1, 2, 0])"),
    ("map", "map(function, iterable, /, *iterables)", "Make an iterator that computes the function using arguments from each of the iterables.", "list(map(str, [1, 2]))"),
    ("filter", "filter(function or None, iterable) --> filter object", "Return an iterator yielding those items of iterable for which function(item) is true.", "list(filter(None, [0, 1, 2]))"),
    ("abs", "abs(x, /)", "Return the absolute value of the argument.", "abs(-2.5)"),
    ("round", "round(number, ndigits=None)", "Round a number to a given precision in decimal digits.", "round(2.675, 2)"),
    ("divmod", "divmod(x, y, /)", "Return the tuple (x//y, x%y).", "divmod(7, 2)"),
    ("pow", "pow(base, exp, mod=None)", "Equivalent to base**exp with 2 arguments or base**exp % mod with 3 arguments.", "pow(2, 10, 1000)"),
    ("int", "int([x]) -> integer\nint(x, base=10) -> integer", "Convert a number or string to an integer, or return 0 if no arguments are given.", "int(\"ff\", 16)"),
    ("float", "float(x=0, /)", "Convert a string or number to a floating-point number, if possible.", "float(\"1e-3\")"),
    ("bool", "bool(x=False, /)", "Returns True when the argument is true, False otherwise.", "bool([])"),
    ("str", "str(object='') -> str", "Create a new string object from the given object.", "str(torch.float32)"),
    ("repr", "repr(obj, /)", "Return the canonical string representation of the object.", "repr(\"a\")"),
    ("list", "list(iterable=(), /)", "Built-in mutable sequence.", "list((1, 2))"),
    ("tuple", "tuple(iterable=(), /)", "Built-in immutable sequence.", "tuple([1, 2])"),
    ("dict", "dict() -> new empty dictionary\ndict(mapping) -> new dictionary initialized from a mapping object's (key, value) pairs", "A mapping from hashable keys to values, in insertion order.", "dict(a=1, b=2)"),
    ("set", "set() -> new empty set object\nset(iterable) -> new set object", "Build an unordered collection of unique elements.", "set([1, 1, 2])"),
    ("isinstance", "isinstance(obj, class_or_tuple, /)", "Return whether an object is an instance of a class or of a subclass thereof.", "isinstance(torch.zeros(1), torch.Tensor)"),
    ("type", "type(object) -> the object's type", "The type of an object.", "type(3)"),
    ("getattr", "getattr(object, name[, default]) -> value", "Get a named attribute from an object; getattr(x, 'y') is equivalent to x.y.", "getattr(torch.zeros(2, 3), \"shape\")"),
    ("hasattr", "hasattr(obj, name, /)", "Return whether the object has an attribute with the given name.", "hasattr(torch.zeros(1), \"grad\")"),
    ("hex", "hex(number, /)", "Return the hexadecimal representation of an integer.", "hex(255)"),
    ("bin", "bin(number, /)", "Return the binary representation of an integer.", "bin(5)"),
    ("oct", "oct(number, /)", "Return the octal representation of an integer.", "oct(8)"),
    ("chr", "chr(i, /)", "Return a Unicode string of one character with ordinal i; 0 <= i <= 0x10ffff.", "chr(65)"),
    ("ord", "ord(c, /)", "Return the Unicode code point for a one-character string.", "ord(\"A\")"),
    ("id", "id(obj, /)", "Return the identity of an object.", "x = torch.zeros(1)\nid(x) == id(x)"),
    ("iter", "iter(iterable) -> iterator\niter(callable, sentinel) -> iterator", "Get an iterator from an object.", "next(iter([5, 6]))"),
    ("next", "next(iterator[, default])", "Return the next item from the iterator.", "next(iter([]), \"empty\")"),
    ("callable", "callable(obj, /)", "Return whether the object is callable (i.e., some kind of function).", "callable(len)"),
    ("format", "format(value, format_spec='', /)", "Return type(value).__format__(value, format_spec).", "format(3.14159, \".2f\")"),
    ("ascii", "ascii(obj, /)", "Return an ASCII-only representation of an object.", "ascii(\"é\")"),
    ("exit", "exit(code=None)", "Leave tsr with the given exit status (SystemExit).", ""),
    ("quit", "quit(code=None)", "Leave tsr with the given exit status (SystemExit).", ""),
    ("object", "object()", "The base class of the class hierarchy (in tsr for isinstance; object() itself is refused).", "isinstance(3, object)"),
    ("help", "help(request=None)", "Show the help of an op (torch.cat, x.view), a statement (\"map\"), a builtin or a :command; with no argument, the list of topics.", "help(torch.numel)"),
];

/// The row of the builtin `name`.
pub fn find(name: &str) -> Option<(&'static str, &'static str, &'static str, &'static str)> {
    DOCS.iter().find(|d| d.0 == name).copied()
}
