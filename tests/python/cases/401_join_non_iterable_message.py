try:
    'a'.join(5)
except TypeError as e:
    print(e)
