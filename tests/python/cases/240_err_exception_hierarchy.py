for exc in [KeyError("k"), IndexError("i"), ZeroDivisionError("z"), ValueError("v")]:
    try:
        raise exc
    except LookupError as e:
        print("lookup:", type(e).__name__)
    except ArithmeticError as e:
        print("arith:", type(e).__name__)
    except Exception as e:
        print("other:", type(e).__name__)
