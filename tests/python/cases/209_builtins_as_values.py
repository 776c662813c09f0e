fs = [len, str, abs]
print([fn(-3) if fn is abs else fn("ab") for fn in fs])
convert = int
print(convert("9") + 1)
print(list(map(float, ["1", "2.5"])))
