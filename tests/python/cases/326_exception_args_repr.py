try:
    raise ValueError('bad', 42)
except ValueError as e:
    print(e, e.args, repr(e), str(e))
try:
    raise KeyError('k')
except KeyError as e:
    print(e, repr(e), e.args)
e = RuntimeError()
print(repr(e), str(e) == '', e.args)
print(repr(ValueError('x')), repr(TypeError("it's")), str(IndexError(1, 2)))
try:
    raise Exception
except Exception as err:
    print(type(err).__name__, repr(err))
print(isinstance(KeyError(), LookupError), isinstance(ZeroDivisionError(), ArithmeticError), isinstance(RecursionError(), RuntimeError))
