try:
    print("body")
    raise KeyError("lost")
finally:
    print("cleanup")
