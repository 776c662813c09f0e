assert 1 + 1 == 2
print("first assert passed")
try:
    assert 1 > 2
except AssertionError as e:
    print(type(e).__name__, repr(str(e)))
