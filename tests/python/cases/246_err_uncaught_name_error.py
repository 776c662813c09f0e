x = 1
print("ok so far")
print(qqq_undefined_zzz)
