try:
    format(1, '.2s')
except ValueError as e:
    print(e)
