print(pow(3, -1, 7), pow(38, -1, 97))
