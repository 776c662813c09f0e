print({x % 3 for x in range(10)})
print({len(w) for w in ["a", "bb", "cc", "ddd"]})
print({x for x in [] if x})
