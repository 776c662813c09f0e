a = {"x": 1, "y": 2}
b = {"y": 20, "z": 30}
print(a | b)
print(b | a)
a |= {"w": 0}
print(a)
print(a == {"w": 0, "y": 2, "x": 1})
