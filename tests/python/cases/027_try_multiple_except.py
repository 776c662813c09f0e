def kind(x):
    try:
        return [1, 2][x]
    except IndexError:
        return "index"
    except TypeError:
        return "type"
print(kind(0), kind(5), kind("a"))
