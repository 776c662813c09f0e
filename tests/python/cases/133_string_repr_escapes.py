s = "a\nb\tc"
print(repr(s))
print(s)
print(repr("back\\slash"), repr("\r"), repr("\x00"))
print(["tab\there", "nl\n"])
print(len("a\nb"), len("\\n"))
