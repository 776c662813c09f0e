def define():
    global created
    created = "made inside"
define()
print(created)
