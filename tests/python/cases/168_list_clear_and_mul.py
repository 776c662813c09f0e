xs = [0] * 4
print(xs)
grid = [[0] * 2] * 2
grid[0][0] = 1
print(grid)
xs.clear()
print(xs, len(xs))
