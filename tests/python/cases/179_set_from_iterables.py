print(set([3, 1, 2, 3, 1]))
print(set("aaa"), len(set("hello")))
print(sorted(set("hello")))
print({1, 2} == {2, 1}, set() == set(), {0} | set())
