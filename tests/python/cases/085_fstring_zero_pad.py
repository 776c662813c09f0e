x = 3.14159
print(f"{x:08.2f}")
print(f"{-x:08.2f}")
print(f"{42:05d} {-42:05d}")
print(f"{7:03}")
