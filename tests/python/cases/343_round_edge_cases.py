print(round(0.5), round(1.5), round(2.5), round(3.5), round(4.5), round(-0.5), round(-1.5), round(0.49999999999999994))
print(round(2.675, 2), round(2.665, 2), round(1.015, 2), round(1.025, 2), round(0.285, 2), round(1.45, 1), round(1.55, 1), round(-1.45, 1))
print(round(123.456, -1), round(123.456, -2), round(123.456, -3), round(-55.5, -1), round(55, -1), round(65, -1), round(-65, -1), round(5, -1), round(15, -1))
print(round(1e15 + 0.5), round(2.5e-8, 8), round(1.23456789e-5, 7), round(0.0, 3), round(-0.0, 1), round(1234, 2), round(12.5, 0), round(13.5, 0))
print(round(float('inf'), 2), round(float('nan'), 1))
try:
    round(float('inf'))
except OverflowError as e:
    print(e)
try:
    round(float('nan'))
except ValueError as e:
    print(e)
