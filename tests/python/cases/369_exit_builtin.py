print('before')
exit()
print('after')
