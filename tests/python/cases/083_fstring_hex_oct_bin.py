n = 255
print(f"{n:#x} {n:x} {n:X} {n:#X}")
print(f"{n:o} {n:#o}")
print(f"{n:b} {n:#b} {5:08b}")
