from math import sqrt, pi
print(sqrt(2))
print(pi * 2)
print(sqrt(49) == 7)
