x = 1abc
