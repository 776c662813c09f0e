for n in [-5, 0, 3, 100]:
    if n < 0:
        print(n, "negative")
    elif n == 0:
        print(n, "zero")
    elif n < 10:
        print(n, "small")
    else:
        print(n, "large")
