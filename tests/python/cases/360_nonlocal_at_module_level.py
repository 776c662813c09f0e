nonlocal y
print('ran')
