try:
    pass
except* ValueError
    pass
