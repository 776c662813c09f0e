xs = [1, 2, 3]
d = {"k": "v"}
print(f"{len(xs)} items, first {xs[0]}, last {xs[-1]}")
print(f"{d['k']} {sum(xs) / len(xs):.2f}")
print(f"{'yes' if xs else 'no'}")
print(f"{{literal braces}} {xs}")
