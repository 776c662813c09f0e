for i in range(10):
    if i == 4:
        print("breaking at", i)
        break
else:
    print("never printed")
print("i after loop:", i)
