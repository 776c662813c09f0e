try:
    print('{0}{}'.format(1, 2))
except ValueError as e:
    print(e)
