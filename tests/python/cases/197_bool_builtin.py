print(bool(), bool(0), bool(1), bool(-1), bool(0.0), bool(0.1))
print(bool(""), bool(" "), bool([]), bool([[]]), bool({}), bool(None))
print(bool("False"), bool(range(0)), bool(range(1)))
