try:
    x = [1, 2, 3][10]
except IndexError as e:
    print("caught", type(e).__name__, e)
print("continues")
