for n in [0, 1, 10, 255, 4096]:
    print(n, hex(n), bin(n), oct(n))
print(int(hex(255), 16), int(bin(10), 2), int(oct(8), 8))
