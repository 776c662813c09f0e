n = 1234567890
print(f"{n:,}")
print(f"{n:_}")
print(f"{1234.5678:,.2f}")
print(f"{-9876543:,}")
print(f"{999:,}")
