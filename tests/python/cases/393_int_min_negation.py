x = -9223372036854775807 - 1
try:
    print(-x)
except OverflowError:
    print('OverflowError')
