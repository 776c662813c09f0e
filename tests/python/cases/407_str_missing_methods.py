for name, call in [('istitle', lambda: 'Ab Cd'.istitle()), ('rindex', lambda: 'abcb'.rindex('b')),
                   ('isascii', lambda: 'é'.isascii()), ('isprintable', lambda: 'a\n'.isprintable()),
                   ('translate', lambda: 'abc'.translate(str.maketrans('a', 'x')))]:
    try:
        print(name, call())
    except AttributeError as e:
        print(name, 'AttributeError', e)
