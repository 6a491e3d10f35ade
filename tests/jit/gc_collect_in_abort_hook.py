# gc.collect() in an abort hook, called while the recorder traces a meta_path
# finder's find_spec: the finder's frame was interrupted mid-instruction, so
# its saved stack top is stale and collect() must leave its value stack alone
# (it cleared the callable of `method()`: a crash in eager mode).
import gc
import sys
try:
    import pypyjit
except ImportError:
    pypyjit = None


class Finder:
    def find_spec(self, fullname, path, target=None):
        if path is not None and not fullname.startswith('test.'):
            return None
        method_name = 'spec_for_{fullname}'.format(**locals())
        method = getattr(self, method_name, lambda: None)
        return method()

    def spec_for_nothing_here(self):
        return None


aborts = []


def on_abort(jitdriver, greenkey, reason, operations):
    aborts.append(reason)
    gc.collect()


if pypyjit:
    pypyjit.set_abort_hook(on_abort)
sys.meta_path.insert(0, Finder())
import math
import json
import textwrap
print(math.sqrt(16.0), json.dumps([1, 2]), textwrap.dedent("  x"))
del sys.meta_path[0]
