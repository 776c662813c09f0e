print('%a' % 'é')
print(f"{'日本'!a}")
