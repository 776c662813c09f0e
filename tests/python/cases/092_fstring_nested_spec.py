v = 3.14159
for w in [1, 3, 5]:
    print(f"{v:.{w}f}")
width = 10
print(f"[{'x':{width}}]")
print(f"[{v:{width}.{2}f}]")
