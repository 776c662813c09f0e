print((1,), (1, 2), tuple([3]), tuple("ab"))
t = 5,
print(t, type(t).__name__, len(t))
print(((),), ((1,),))
