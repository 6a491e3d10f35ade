try:
    pass
except* ValueError, TypeError:
    pass
