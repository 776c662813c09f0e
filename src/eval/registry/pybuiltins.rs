//! The Python builtins' help: CPython's signature and first doc line, one
//! row per row of `py/builtins.rs`'s `BUILTINS` (a test keeps them equal).

/// (name, signature, summary)
pub const DOCS: &[(&str, &str, &str)] = &[
    ("print", "print(*args, sep=' ', end='\\n', file=None, flush=False)", "Prints the values to a stream, or to sys.stdout by default."),
    ("len", "len(obj, /)", "Return the number of items in a container."),
    ("range", "range(stop) -> range object\nrange(start, stop[, step]) -> range object", "Return an object that produces a sequence of integers from start (inclusive) to stop (exclusive) by step."),
    ("enumerate", "enumerate(iterable, start=0)", "Return an enumerate object: pairs (index, item)."),
    ("zip", "zip(*iterables, strict=False)", "The zip object yields n-length tuples, where n is the number of iterables passed as positional arguments to zip()."),
    ("reversed", "reversed(sequence, /)", "Return a reverse iterator over the values of the given sequence."),
    ("sorted", "sorted(iterable, /, *, key=None, reverse=False)", "Return a new list containing all items from the iterable in ascending order."),
    ("min", "min(iterable, *[, default=obj, key=func]) -> value\nmin(arg1, arg2, *args, *[, key=func]) -> value", "With a single iterable argument, return its smallest item; with two or more positional arguments, return the smallest argument."),
    ("max", "max(iterable, *[, default=obj, key=func]) -> value\nmax(arg1, arg2, *args, *[, key=func]) -> value", "With a single iterable argument, return its biggest item; with two or more positional arguments, return the largest argument."),
    ("sum", "sum(iterable, /, start=0)", "Return the sum of a 'start' value (default: 0) plus an iterable of numbers."),
    ("any", "any(iterable, /)", "Return True if bool(x) is True for any x in the iterable."),
    ("all", "all(iterable, /)", "Return True if bool(x) is True for all values x in the iterable."),
    ("map", "map(function, iterable, /, *iterables)", "Make an iterator that computes the function using arguments from each of the iterables."),
    ("filter", "filter(function or None, iterable) --> filter object", "Return an iterator yielding those items of iterable for which function(item) is true."),
    ("abs", "abs(x, /)", "Return the absolute value of the argument."),
    ("round", "round(number, ndigits=None)", "Round a number to a given precision in decimal digits."),
    ("divmod", "divmod(x, y, /)", "Return the tuple (x//y, x%y)."),
    ("pow", "pow(base, exp, mod=None)", "Equivalent to base**exp with 2 arguments or base**exp % mod with 3 arguments."),
    ("int", "int([x]) -> integer\nint(x, base=10) -> integer", "Convert a number or string to an integer, or return 0 if no arguments are given."),
    ("float", "float(x=0, /)", "Convert a string or number to a floating-point number, if possible."),
    ("bool", "bool(x=False, /)", "Returns True when the argument is true, False otherwise."),
    ("str", "str(object='') -> str", "Create a new string object from the given object."),
    ("repr", "repr(obj, /)", "Return the canonical string representation of the object."),
    ("list", "list(iterable=(), /)", "Built-in mutable sequence."),
    ("tuple", "tuple(iterable=(), /)", "Built-in immutable sequence."),
    ("dict", "dict() -> new empty dictionary\ndict(mapping) -> new dictionary initialized from a mapping object's (key, value) pairs", "A mapping from hashable keys to values, in insertion order."),
    ("set", "set() -> new empty set object\nset(iterable) -> new set object", "Build an unordered collection of unique elements."),
    ("isinstance", "isinstance(obj, class_or_tuple, /)", "Return whether an object is an instance of a class or of a subclass thereof."),
    ("type", "type(object) -> the object's type", "The type of an object."),
    ("getattr", "getattr(object, name[, default]) -> value", "Get a named attribute from an object; getattr(x, 'y') is equivalent to x.y."),
    ("hasattr", "hasattr(obj, name, /)", "Return whether the object has an attribute with the given name."),
    ("hex", "hex(number, /)", "Return the hexadecimal representation of an integer."),
    ("bin", "bin(number, /)", "Return the binary representation of an integer."),
    ("oct", "oct(number, /)", "Return the octal representation of an integer."),
    ("chr", "chr(i, /)", "Return a Unicode string of one character with ordinal i; 0 <= i <= 0x10ffff."),
    ("ord", "ord(c, /)", "Return the Unicode code point for a one-character string."),
    ("id", "id(obj, /)", "Return the identity of an object."),
    ("iter", "iter(iterable) -> iterator\niter(callable, sentinel) -> iterator", "Get an iterator from an object."),
    ("next", "next(iterator[, default])", "Return the next item from the iterator."),
    ("callable", "callable(obj, /)", "Return whether the object is callable (i.e., some kind of function)."),
    ("format", "format(value, format_spec='', /)", "Return type(value).__format__(value, format_spec)."),
    ("ascii", "ascii(obj, /)", "Return an ASCII-only representation of an object."),
    ("exit", "exit(code=None)", "Leave tsr with the given exit status (SystemExit)."),
    ("quit", "quit(code=None)", "Leave tsr with the given exit status (SystemExit)."),
    ("object", "object()", "The base class of the class hierarchy."),
    ("help", "help(request=None)", "Show the help of an op (torch.cat, x.view), a statement (\"map\"), a builtin or a :command; with no argument, the list of topics."),
];

/// The row of the builtin `name`.
pub fn find(name: &str) -> Option<(&'static str, &'static str, &'static str)> {
    DOCS.iter().find(|d| d.0 == name).copied()
}
