a = ()
b = tuple([])
print(a is b, () is ())
