n = 3
print(f"{'a' + f'{n}'}")
