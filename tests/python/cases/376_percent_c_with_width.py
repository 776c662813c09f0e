print('%-5c|%3c|' % ('x', 'y'))
