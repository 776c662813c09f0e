s = "filename.tsr"
print(s.startswith("file"), s.startswith("name"), s.endswith(".tsr"))
print(s.endswith((".py", ".tsr")), s.startswith(("x", "y")))
print("".startswith(""), "a".endswith(""))
