"""Helper module holding mutable state (not a test itself)."""
counter = 0

def bump():
    global counter
    counter += 1
    return counter

def get():
    return counter
