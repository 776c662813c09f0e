try:
    '{'.format(1)
except ValueError as e:
    print(e)
