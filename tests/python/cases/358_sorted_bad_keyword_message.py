try:
    sorted([3, 1], reversed=True)
except TypeError as e:
    print(e)
