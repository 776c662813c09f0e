print(f"{True:d} {False:>5}|")
print(f"{True}")
print(f"{5:+d} {-5:+d} {5: d}")
