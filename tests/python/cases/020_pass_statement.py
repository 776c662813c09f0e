def nothing():
    pass
for i in range(2):
    pass
if True:
    pass
print(nothing())
print("pass ok")
