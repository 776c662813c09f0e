r = range(0, 20, 2)
print(r.index(6), r.count(7))
