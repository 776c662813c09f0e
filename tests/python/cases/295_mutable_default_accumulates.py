def add(x, acc=[]):
    acc.append(x)
    return acc
print(add(1)); print(add(2)); print(add(3, [])); print(add(4))
def d(x, cache={}):
    cache[x] = cache.get(x, 0) + 1
    return cache
d('a'); d('b'); print(d('a'))
