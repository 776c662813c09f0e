d = {"a": 1}
try:
    d["b"]
except KeyError as e:
    print(type(e).__name__, e)
try:
    {}[3]
except KeyError as e:
    print(type(e).__name__, e)
