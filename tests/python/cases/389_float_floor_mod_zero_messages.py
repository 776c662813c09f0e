for f in [lambda: 1.0 // 0, lambda: 1.0 % 0, lambda: divmod(1.0, 0)]:
    try:
        f()
    except ZeroDivisionError as e:
        print(e)
