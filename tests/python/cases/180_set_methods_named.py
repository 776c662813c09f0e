a = {1, 2, 3}
print(a.union({4}), a.intersection({2, 3, 5}), a.difference({1}))
print(a.issubset({1, 2, 3, 4}), a.issuperset({1, 2}))
c = a.copy()
c.update([5, 6])
print(a, c)
print(c.pop() in {1, 2, 3, 5, 6})
