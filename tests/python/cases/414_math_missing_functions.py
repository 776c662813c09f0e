import math
for name in ['copysign', 'degrees', 'radians', 'acos', 'fsum', 'isqrt', 'lcm', 'fmod', 'log1p']:
    print(name, hasattr(math, name))
