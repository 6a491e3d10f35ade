# sys.meta_path is asked in order: a finder appended after the path finder
# sees only what the path search leaves; one inserted first sees everything
import sys, os, tempfile, importlib.abc, importlib.util, importlib.machinery

class Virtual(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, tag):
        self.tag = tag
        self.asked = []
    def find_spec(self, fullname, path, target=None):
        self.asked.append(fullname)
        if fullname.startswith('virt_'):
            return importlib.util.spec_from_loader(fullname, self)
        return None
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        module.tag = self.tag

dn = tempfile.mkdtemp()
with open(os.path.join(dn, 'onpath_mod.py'), 'w') as f:
    f.write('where = "file"\n')
with open(os.path.join(dn, 'virt_shadow.py'), 'w') as f:
    f.write('tag = "file"\n')
sys.path.append(dn)
late = Virtual('late')
sys.meta_path.append(late)
import onpath_mod
print(onpath_mod.where, late.asked)           # found on the path: late not asked
import virt_only
print(virt_only.tag, late.asked)              # nowhere on the path: late finds it
import virt_shadow
print(virt_shadow.tag)                        # the path wins over a late finder
early = Virtual('early')
sys.meta_path.insert(0, early)
import virt_first
print(virt_first.tag, early.asked)
try:
    import no_such_module_anywhere
except ModuleNotFoundError as e:
    print(type(e).__name__, e.name, 'no_such_module_anywhere' in late.asked)
sys.meta_path.remove(late); sys.meta_path.remove(early)
