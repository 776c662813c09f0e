try:
    list(zip([1], [1, 2], strict=True))
except ValueError as e:
    print(e)
try:
    list(zip([1], [1], [1, 2], strict=True))
except ValueError as e:
    print(e)
