print('abc'.find('', 10), 'abc'.find('', 3))
