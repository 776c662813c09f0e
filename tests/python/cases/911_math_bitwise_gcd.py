import torch
a = torch.tensor([12, -7, 5]); b = torch.tensor([10, 3, 1])
print(torch.bitwise_and(a, b), torch.bitwise_or(a, 3), a.bitwise_xor(b), torch.bitwise_not(a), torch.bitwise_left_shift(a, 2), a.bitwise_right_shift(b))
print(a & b, a | 3, a ^ b, ~a, a << 2, a >> b, 3 & a, 1 << a.abs())
t = torch.tensor([True, False]); print(torch.bitwise_and(t, torch.tensor([True, True])), ~t, torch.bitwise_not(t), t ^ True)
print(torch.gcd(a, b), torch.lcm(a, b), torch.gcd(torch.tensor([0, 0, -4]), torch.tensor([0, 6, 6])), torch.lcm(torch.tensor([0, 4]), torch.tensor([3, -6])))
c = a.clone(); c.bitwise_and_(b); print(c, c._version); c.gcd_(torch.tensor([4, 4, 4])); print(c)
for f in [lambda: torch.bitwise_and(torch.ones(2), torch.ones(2)), lambda: torch.gcd(torch.ones(2), torch.ones(2)), lambda: torch.bitwise_not(torch.ones(2)), lambda: torch.gcd(a, 2), lambda: torch.gcd(t, t)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print(torch.bitwise_and(a.to(torch.uint8), 255), torch.bitwise_left_shift(torch.tensor([1], dtype=torch.int8), 7))
print(torch.bitwise_and(a.t() if a.dim() > 1 else a, b, out=torch.empty(3, dtype=torch.long)))
m = torch.arange(6).reshape(2, 3).t(); print(torch.gcd(m, m).stride(), torch.bitwise_and(m, 1).stride())
