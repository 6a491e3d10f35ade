print("sub", __name__, __package__)
