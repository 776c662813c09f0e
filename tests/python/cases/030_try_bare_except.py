try:
    1 / 0
except:
    print("bare except caught it")
print("ok")
