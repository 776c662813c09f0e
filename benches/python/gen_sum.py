print(sum(i * i for i in range(1000000) if i % 3 == 0))
