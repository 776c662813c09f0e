def attempt(v):
    try:
        r = 10 // v
    except ZeroDivisionError as e:
        print("except:", e)
    else:
        print("else:", r)
    finally:
        print("finally for", v)
attempt(2)
attempt(0)
