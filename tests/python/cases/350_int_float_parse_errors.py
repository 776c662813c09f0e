for s in ['42', ' 42 ', '-7', '+3', '0x1A', '1e3', '3.0', '', ' ', '1_0', '_1', '1__0', '007', '12a']:
    try:
        print(repr(s), int(s))
    except ValueError as e:
        print(repr(s), 'ValueError:', e)
for s in ['1.5', ' -2 ', '1e-3', 'inf', '-Infinity', 'nan', 'NaN', '1.2.3', 'abc', '', '1_000.5', '.', 'e5', '0x10']:
    try:
        print(repr(s), float(s))
    except ValueError as e:
        print(repr(s), 'ValueError:', e)
