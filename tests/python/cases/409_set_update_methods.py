s = {1, 2, 3}
s.intersection_update({2, 3, 4})
s.difference_update([3])
s.symmetric_difference_update({2, 5})
print(s)
