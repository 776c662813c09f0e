n = 5
while n > 0:
    n -= 2
    print("n", n)
else:
    print("while else, n =", n)
