print(6 & 3, 6 | 3, 6 ^ 3, ~6, 1 << 10, 1024 >> 3)
print(-8 >> 1, -1 & 0xFF, 0b1010 | 0b0101)
print(True & False, True | False, True ^ True)
