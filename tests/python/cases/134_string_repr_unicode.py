s = "héllo wörld"
print(s, repr(s), len(s))
print("ñ".upper(), "ÄB".lower())
print(repr("\u00e9"), ord("é"), chr(233))
