d = {"a": 1, "b": 2, "c": 3}
print(list(d.keys()), list(d.values()), list(d.items()))
for k, v in d.items():
    print(k, v)
print(d.keys())
print(d.values())
print(d.items())
