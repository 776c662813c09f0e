try:
    try:
        raise ValueError('inner')
    except ValueError as e:
        raise RuntimeError('outer') from e
except RuntimeError as e:
    print(e, repr(e.__cause__))
