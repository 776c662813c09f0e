print("a-b-c".partition("-"), "abc".partition("x"))
print("line1\nline2\n".splitlines())
print("Tab\tSep".expandtabs(4))
print("hello".startswith("he", 0), "%".join("ab"))
