for call in [lambda: 'a'.upper(1), lambda: [].append(1, 2), lambda: {}.get()]:
    try:
        print(call())
    except TypeError as e:
        print(e)
