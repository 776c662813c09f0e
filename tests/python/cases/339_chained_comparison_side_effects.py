print(1 < 2 < 3 < 4, 1 < 3 < 2, 5 > 3 >= 3 > 2, 1 == 1.0 == True, 'a' != 'b' != 'a')
def noisy(v):
    print('eval', v)
    return v
print(noisy(1) < noisy(2) < noisy(0) < noisy(5))
print(noisy(3) < noisy(2) < noisy(9))
x = [1, 2]
print(1 in x in [[1, 2]], 3 not in x is not None)
