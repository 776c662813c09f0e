for n in [0, 1, -1, 255, -255, 2**40]:
    print(hex(n), oct(n), bin(n))
print(chr(65), chr(0x263a), chr(10) == '\n', ord('A'), ord('é'), ord('\u263a'))
print(int('0x1f', 16), int('1f', 16), int('0b101', 0), int('0o17', 0), int('  -42\n'), int('1_000'), int('+5'))
print(int(3.99), int(-3.99), int(True), int('0'), float('1e3'), float(' -2.5 '), float('inf'), float('-nan'), float('1_0.5'))
