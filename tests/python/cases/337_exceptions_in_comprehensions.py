def risky(v):
    if v == 0:
        raise ZeroDivisionError('zero!')
    if v < 0:
        raise ValueError(f'negative: {v}')
    return 10 / v
out = []
for v in [2, 0, -1, 5]:
    try:
        out.append(risky(v))
    except (ZeroDivisionError, ValueError) as e:
        out.append(f'{type(e).__name__}({e})')
print(out)
try:
    [risky(v) for v in [1, 0]]
except ZeroDivisionError as e:
    print('comprehension raised', e)
try:
    sum(risky(v) for v in [1, -2])
except ValueError as e:
    print('genexpr raised', e)
