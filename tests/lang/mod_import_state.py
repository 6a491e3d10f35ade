import helper_state
from helper_state import counter, bump
print(helper_state.bump(), bump(), helper_state.counter, counter)
import helper_importer
print(helper_importer.twice(), helper_state.get())
print(helper_importer.helper_state is helper_state)
helper_state.counter = 100
print(helper_importer.helper_state.get())
import sys
print('helper_state' in sys.modules, sys.modules['helper_state'] is helper_state)
print(sys.modules['__main__'].__name__)
print(type(sys.modules).__name__)
