d = {'a': 1}
print(d.items() == {('a', 1)})
print(d.keys() - {'a'})
