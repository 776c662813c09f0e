s = "Hello World"
print(s.upper(), s.lower(), s.swapcase())
print("hello world".title(), "hello world".capitalize())
print("ABC".isupper(), "abc".islower(), "Abc".isupper())
