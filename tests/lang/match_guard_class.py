class Point:
    __match_args__ = ('x', 'y')
    def __init__(self, x, y): self.x, self.y = x, y
def where(p):
    match p:
        case Point(0, 0):
            return 'origin'
        case Point(x, y) if x == y:
            return 'diagonal'
        case Point(x=0):
            return 'y-axis'
        case _:
            return 'elsewhere'
print([where(Point(*c)) for c in [(0, 0), (2, 2), (0, 5), (1, 2)]])
