try:
    max(1, 'a')
except TypeError as e:
    print(e)
