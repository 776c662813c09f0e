x = 5
print(1 < x < 10, 1 < x > 10, 1 < x == 5 < 6, 3 > x <= 5)
print(0 == 0.0 == False, 'a' < 'b' < 'c')
print([1,2] < [1,2,0], (1, 'a') < (1, 'b'), (2,) > (1, 9, 9))
a = [1]; b = a; c = [1]
print(a is b, a is c, a == c, a is not c, None is None)
print(type(None) is type(None), 1 is not None)
