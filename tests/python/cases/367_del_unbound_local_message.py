def h():
    try:
        del z
    except NameError as e:
        print(type(e).__name__, e)
    z = 1
h()
