v = 3.14159265
print(f"{v:.3f}")
print(f"{v:.0f} {v:.1f} {v:10.4f}|")
print(f"{-v:.2f} {v:+.2f}")
print(f"{2.5:.0f} {3.5:.0f}")
