print('a\n\nb'.splitlines(True))
