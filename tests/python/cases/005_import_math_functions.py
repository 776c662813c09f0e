import math
print(math.exp(0), math.log(1))
print(math.log(8, 2))
print(math.fabs(-3), math.isnan(float('nan')), math.isinf(float('inf')))
print(math.gcd(12, 18))
