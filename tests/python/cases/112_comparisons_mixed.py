print(1 == 1.0, 2 < 2.5, True == 1, False < 1)
print("a" < "b", "abc" < "abd", "Z" < "a", "" < "a")
print([1, 2] < [1, 3], (1, 2) < (1, 2, 0), [1] == [1.0])
print(None == None, None == 0, "1" == 1)
