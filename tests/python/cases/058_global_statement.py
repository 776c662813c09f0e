counter = 0
def bump():
    global counter
    counter += 1
for _ in range(4):
    bump()
print("counter", counter)
def read_only():
    return counter * 2
print(read_only())
