print(format(42, '020,'))
print(format(1234, '08,'), format(-1234, '09_'), format(1234.5, '012,.1f'))
