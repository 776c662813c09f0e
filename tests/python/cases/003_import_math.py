import math
print(math.sqrt(16))
print(math.pi)
print(math.floor(2.7), math.ceil(2.1))
print(math.e)
