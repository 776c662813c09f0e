def g():
    try:
        int("zz")
    except ValueError:
        print("logging and re-raising")
        raise
try:
    g()
except ValueError as e:
    print("outer got:", e)
