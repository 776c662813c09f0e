try:
    'abc'['b']
except TypeError as e:
    print(e)
