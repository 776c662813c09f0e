try:
    len()
except TypeError as e:
    print(e)
