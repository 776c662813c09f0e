n = 10
n += 5; print(n)
n -= 3; print(n)
n *= 2; print(n)
n //= 5; print(n)
n **= 3; print(n)
n %= 7; print(n)
f = 1.0
f /= 4; print(f)
s = "ab"; s *= 3; print(s)
