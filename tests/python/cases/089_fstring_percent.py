p = 0.4567
print(f"{p:.1%}")
print(f"{p:%}")
print(f"{1:.0%} {0.005:.1%}")
