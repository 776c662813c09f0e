s = "abc"
print(f"[{s:>8}]")
print(f"[{s:<8}]")
print(f"[{s:^8}]")
print(f"[{s:*^9}]")
print(f"[{s:-<6}] [{s:.>6}]")
print(f"[{42:>6}] [{42:<6}] [{42:^6}]")
