try:
    print(float('1_e5'))
except ValueError as e:
    print(e)
