def f():
    try:
        return "from try"
    finally:
        print("finally runs before return")
print(f())
