x = [matchx b]
