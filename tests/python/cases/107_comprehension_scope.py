x = "outer"
ys = [x for x in range(3)]
print(x, ys)
print([[j for j in range(i)] for i in range(4)])
