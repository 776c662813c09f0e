s = "one two one two one"
print(s.replace("one", "1"))
print(s.replace("one", "1", 2))
print(s.replace("three", "3"))
print("aaa".replace("a", "bb"), "abc".replace("", "-"))
