fs = [lambda: i for i in range(3)]
print([f() for f in fs])
gs = [lambda i=i: i for i in range(3)]
print([g() for g in gs])
def mk():
    x = 1
    def g(): return x
    x = 2
    return g
print(mk()())
