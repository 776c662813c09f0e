e = ValueError('x')
try:
    raise e
except ValueError as e2:
    print(e2 is e)
