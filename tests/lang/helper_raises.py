"""Helper module that fails while importing (not a test itself)."""
value = 1
raise ValueError('helper_raises failed on import')
