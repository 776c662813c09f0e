v = 12345.6789
print(f"{v:e}")
print(f"{v:.2e}")
print(f"{0.000123:E}")
print(f"{0.0:e}")
