print(abs(-7), abs(7), abs(-2.5), abs(0))
print(round(7.456, 1), round(-7.456, 1), round(7), round(7.5), round(8.5))
print(round(0.125, 2), round(0.375, 2), round(1.005, 2))
print(round(123.456, -1), round(-1.5), round(2.4999))
