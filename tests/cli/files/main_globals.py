import os, sys
print(sorted(k for k in globals() if k.startswith('__')), __cached__)
sys.path.insert(0, '')
os.chdir(os.path.dirname(__file__))
import first_line_mod
here = os.path.dirname(first_line_mod.__file__)
print(os.path.isabs(first_line_mod.__file__), os.path.basename(first_line_mod.__file__),
      first_line_mod.__cached__.startswith(os.path.join(here, '__pycache__', 'first_line_mod.')))
