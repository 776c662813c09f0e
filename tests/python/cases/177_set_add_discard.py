s = {1, 2}
s.add(3)
s.add(1)
print(s, len(s))
s.discard(2)
s.discard(99)
print(s)
s.remove(1)
print(s)
try:
    s.remove(7)
except KeyError as e:
    print(type(e).__name__, e)
