def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1))
print(append_to(2))
print(append_to(3, []))
