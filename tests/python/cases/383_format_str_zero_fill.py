print('{:08}'.format('ab'), format('ab', '05'))
