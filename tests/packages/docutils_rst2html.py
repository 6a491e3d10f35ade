# docutils (Debian's python3-docutils) turns a reStructuredText document
# into HTML5, as rst2html5 does.
import sys
from docutils.core import publish_string

DOC = '=========\n Title\n=========\n\nA paragraph with *emphasis*, **strong**, ``code`` and a link_.\n\n.. _link: https://example.org\n\nSection\n=======\n\n- item one\n- item two\n\n  1. nested\n  2. list\n\n.. code-block:: python\n\n   def f(x):\n       return x * 2\n\n+-------+-------+\n| a     | b     |\n+=======+=======+\n| 1     | 2     |\n+-------+-------+\n\n.. note:: A note.\n'

out = publish_string(DOC, writer_name='html5',
                     settings_overrides={'embed_stylesheet': False, 'stylesheet_path': '',
                                         'report_level': 5, '_disable_config': True,
                                         'datestamp': None, 'generator': False})
sys.stdout.write(out.decode())
