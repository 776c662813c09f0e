xs = [1, 2]
xs.append(3)
xs.extend([4, 5])
xs.extend("ab")
xs.insert(0, "first")
xs.insert(100, "last")
xs.insert(-1, "before last")
print(xs)
print(xs.append(0))
