for v in ["12", "x", None]:
    try:
        print(int(v))
    except (ValueError, TypeError) as e:
        print(type(e).__name__)
