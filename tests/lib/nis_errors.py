# nis on libnsl: this machine is in no NIS domain (as CI's), so every lookup
# raises nis.error with libnsl's message, as CPython's module does; the
# argument errors are CPython's.
import warnings
warnings.simplefilter("ignore", DeprecationWarning)
import nis
print(nis.error, nis.error.__mro__)
for f, a in [(nis.get_default_domain, ()), (nis.maps, ()), (nis.match, ('root','passwd')), (nis.cat, ('passwd',)), (nis.maps, ('example.org',)), (nis.match, ('k', 'hosts', 'example.org')), (nis.cat, ('hosts', 'example.org'))]:
    try: print(repr(f(*a)))
    except nis.error as e: print('error', e.args)
for bad in [lambda: nis.match(1, 'passwd'), lambda: nis.match('a'), lambda: nis.cat(), lambda: nis.maps(1), lambda: nis.match(key='a', map='b', domain='c'), lambda: nis.get_default_domain(1), lambda: nis.match('a\0', 'passwd'), lambda: nis.match('a', 'p\0'), lambda: nis.cat(map='hosts', domain='x.y'), lambda: nis.maps(domain='x.y'), lambda: nis.match('a', 'b', 'c', 'd')]:
    try: print(bad())
    except Exception as e: print(type(e).__name__, e)
