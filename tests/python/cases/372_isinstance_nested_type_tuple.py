print(isinstance('a', (list, (str,))))
