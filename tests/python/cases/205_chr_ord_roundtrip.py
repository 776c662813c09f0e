print([ord(c) for c in "AZaz09"])
print("".join(chr(c) for c in [80, 121, 116, 104, 111, 110]))
print(chr(ord("a") + 25), ord(" "), ord("\n"))
