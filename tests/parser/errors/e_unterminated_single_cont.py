x = "abc\
def
