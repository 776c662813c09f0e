d = {'b': 2, 'a': 1}
d['c'] = 3
del d['b']
d['b'] = 4
print(d, list(d), list(d.items()), len(d))
print(d.get('z'), d.get('z', 0), d.pop('a'), d.pop('zz', 'dflt'), 'a' in d)
try:
    d.pop('zz')
except KeyError as e:
    print('KeyError', e)
print(dict.fromkeys('ab', 0), dict(a=1, b=2), dict([('x', 1)], y=2))
d2 = {1: 'one'}; d2.update({2: 'two'}, three=3); print(d2)
print({k: v for k, v in sorted({'z': 1, 'y': 2}.items())})
print(d.keys(), d.values(), d.items())
print(sorted(d, key=d.get), max(d, key=lambda k: d[k]))
