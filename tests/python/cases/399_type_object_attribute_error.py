try:
    int.bar
except AttributeError as e:
    print(e)
