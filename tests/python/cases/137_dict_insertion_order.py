d = {}
d["zebra"] = 1
d["apple"] = 2
d["mango"] = 3
print(d)
d["zebra"] = 10
print(d, list(d))
del d["apple"]
d["apple"] = 4
print(d)
