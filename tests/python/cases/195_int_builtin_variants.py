print(int(), int(7), int(-7.9), int("0"), int("-0"))
print(int("101", 2), int("FF", 16), int("ff", base=16), int("10", 36))
print(int("1_000"), int(" 42\n"))
try:
    int("12.5")
except ValueError as e:
    print(type(e).__name__, e)
