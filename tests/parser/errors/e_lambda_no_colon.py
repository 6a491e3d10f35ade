x = lambda x
