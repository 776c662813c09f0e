s = "hello"
print(hasattr(s, "upper"), hasattr(s, "push"))
print(getattr(s, "upper")())
print(getattr(s, "nope", "default"))
try:
    getattr(s, "nope")
except AttributeError as e:
    print(type(e).__name__, e)
