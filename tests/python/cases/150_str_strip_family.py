s = "  xx hello xx  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"), "xxhixx".lstrip("x"), "xxhixx".rstrip("x"))
print("\n\t text \n".strip())
print("abcba".strip("ab"), repr("   ".strip()))
