d = {'a': 1}
try:
    for k in d:
        d['b'] = 2
except RuntimeError as e:
    print(e)
