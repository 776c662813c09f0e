def make_adder(n):
    def add(x):
        return x + n
    return add
add5 = make_adder(5)
add10 = make_adder(10)
print(add5(1), add10(1))
print([make_adder(i)(100) for i in range(3)])
