import math
print("raising a bare class")
raise RuntimeError
