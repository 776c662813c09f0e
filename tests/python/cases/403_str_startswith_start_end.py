print('abc'.startswith('b', 1), 'abc'.startswith('c', -1), 'abc'.endswith('b', 0, 2))
