class Point:
    def __init__(self, x):
        self.x = x
print(Point(3).x)
