print("ab" * 3, 3 * "-", "x" * 0, repr("y" * -1))
print("a" + "b" + "c")
s = ""
for i in range(3):
    s += str(i)
print(s)
