for i in range(3):
    print("i =", i)
else:
    print("loop finished")
