d = {}
d["a"] = 1
d["b"] = [0, 0]
d["b"][1] = 9
print(d)
grid = [[0] * 3 for _ in range(2)]
grid[1][2] = 7
print(grid)
