# Code compiled in 'single' mode (the prompt's, pdb's and code.interact's)
# reads and writes names in the locals mapping it is run with.
ns = {}
exec(compile('x = 5\n', '<stdin>', 'single'), {}, ns)
print(ns)
exec(compile('print(x + 1)\n', '<stdin>', 'single'), {}, ns)
g = {'y': 'global'}
exec(compile('print(y)\n', '<stdin>', 'single'), g, {'y': 'local'})
exec(compile('print(y)\n', '<stdin>', 'single'), g, {})
exec(compile('del x\n', '<stdin>', 'single'), {}, ns)
print(ns)
import sys
exec(compile('z = 1\n', '<stdin>', 'single'), g)
print(g['z'])
