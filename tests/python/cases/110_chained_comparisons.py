x = 5
print(1 < x < 10, 1 < x > 10, 0 <= x <= 5)
print(1 == 1 == 1, 1 == 1 != 2, 3 > 2 > 1 > 0)
print(1 < 2 < 3 < 2)
a, b, c = 1, 2, 2
print(a < b == c, a == b < c)
