x = [1, 2, 3, 4, 5, 6]
evens = [v for v in x if v % 2 == 0]
odds_sq = {v: v ** 2 for v in x if v % 2}
labels = ['even' if v % 2 == 0 else 'odd' for v in x]
pairs = [(a, b) for a in x[:3] for b in x[:3] if a < b]
matrix = [[1, 2, 3], [4, 5, 6]]
transposed = [[row[i] for row in matrix] for i in range(3)]
flat = [v for row in matrix for v in row if v != 5]
print(evens, odds_sq, labels, pairs, transposed, flat, sep='\n')
print([y for y in (v * 10 for v in x) if y > 30])
print([(i, c) for i, c in enumerate('abc') if c != 'b'])
print([n for n in range(2, 30) if all(n % d for d in range(2, n))])
