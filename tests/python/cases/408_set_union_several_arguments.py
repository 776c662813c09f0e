print({1, 2}.union([3], (4,)), {1, 2, 3}.intersection({2, 3}, [3]))
