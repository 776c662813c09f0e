def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(0), fact(1), fact(5))
print(fact(20))
