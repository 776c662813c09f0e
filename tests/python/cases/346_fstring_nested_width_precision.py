n = 42
print(f"{n:{'<'}5}|", f"{n:{5}}|", f"{n:{'0'}{5}}", f"{3.14159:.{n % 5}f}", f"{'x':{n % 10 + 1}}|")
width, prec = 12, 3
for v in [1/3, 22/7, 1e-3]:
    print(f"|{v:{width}.{prec}f}|{v:<{width}.{prec}e}|{v:^{width}.{prec}%}|")
