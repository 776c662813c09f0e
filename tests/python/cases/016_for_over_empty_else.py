for x in []:
    print("body")
else:
    print("else ran on empty")
print("done")
