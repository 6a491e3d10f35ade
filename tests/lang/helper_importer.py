"""Helper module that imports another helper (not a test itself)."""
import helper_state
from helper_state import bump as state_bump

def twice():
    state_bump()
    return helper_state.bump()
