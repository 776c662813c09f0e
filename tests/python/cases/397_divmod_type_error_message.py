try:
    divmod('a', 1)
except TypeError as e:
    print(e)
