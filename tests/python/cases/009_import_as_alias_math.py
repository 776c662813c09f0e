import math as m
print(m.sqrt(9))
print(m.floor(-2.5))
print(m.trunc(-2.5))
