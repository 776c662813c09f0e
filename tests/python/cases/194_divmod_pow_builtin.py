print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(0, 3))
print(pow(2, 8), pow(2, 0.5), pow(-2, 3), pow(5, 3, 7), pow(10, -2))
q, r = divmod(100, 7)
print(q, r, q * 7 + r)
