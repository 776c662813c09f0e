for v in [0, 1, "", "a", [], [0], {}, None, 0.0, (), (1,)]:
    if v:
        print(repr(v), "truthy")
    else:
        print(repr(v), "falsy")
