print("start")
def check(n):
    if n < 0:
        raise ValueError("n must be non-negative")
    return n
print(check(3))
check(-1)
