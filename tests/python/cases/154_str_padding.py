print("[" + "ab".ljust(6) + "]", "[" + "ab".rjust(6) + "]")
print("[" + "ab".center(7) + "]", "[" + "ab".center(6, "*") + "]")
print("42".zfill(5), "-42".zfill(5), "abcdef".zfill(3))
print("x".ljust(3, "."), "x".rjust(3, "0"))
