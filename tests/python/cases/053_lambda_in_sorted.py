pairs = [(1, "b"), (3, "a"), (2, "c")]
print(sorted(pairs, key=lambda p: p[1]))
print(sorted(pairs, key=lambda p: -p[0]))
words = ["ccc", "a", "bb"]
print(sorted(words, key=lambda w: len(w)))
