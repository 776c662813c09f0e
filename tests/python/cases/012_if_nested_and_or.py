a, b = 3, 0
if a and not b:
    print("a and not b")
if a or b:
    print("a or b")
if not (a and b):
    print("not both")
print(a and b, a or b, b or a, b and a)
print(None or "default", "" or 0 or [])
