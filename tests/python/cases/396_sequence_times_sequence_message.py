try:
    'x' * 'y'
except TypeError as e:
    print(e)
try:
    [] * []
except TypeError as e:
    print(e)
