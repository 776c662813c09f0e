print(f"{'left':<10}|{'right':>10}|{'center':^10}|")
print(f"{'abc':*>7}", f"{'abc':#<7}", f"{'abc':0>7}", f"{'':-^10}")
rows = [('apple', 1.5, 3), ('kiwi', 0.25, 12), ('watermelon', 12.0, 1)]
print(f"{'name':<12}{'price':>8}{'qty':>5}")
for n, p, q in rows:
    print(f"{n:<12}{p:>8.2f}{q:>5d}")
print('-' * 25)
print(f"{'total':<12}{sum(p * q for _, p, q in rows):>8.2f}{sum(q for *_, q in rows):>5}")
