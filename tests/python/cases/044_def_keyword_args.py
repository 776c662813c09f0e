def box(w, h, d=1):
    return w * h * d
print(box(2, 3))
print(box(h=4, w=5))
print(box(1, 2, d=3))
print(box(d=2, h=2, w=2))
