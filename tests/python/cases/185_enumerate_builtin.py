for i, c in enumerate("ab"):
    print(i, c)
for i, c in enumerate(["x", "y"], start=1):
    print(i, c)
print(list(enumerate("xyz", 10)))
print(list(enumerate([])))
