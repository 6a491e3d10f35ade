# string.Template (its pattern needs re.VERBOSE and a (?a:...) group) and
# what lib/re.py's VERBOSE mode strips
import string, re
T = string.Template
print(T('$who likes ${what}; $$5').substitute(who='tim', what='kung pao'))
print(T('$who likes $what').safe_substitute(who='tim'))
print(T('$x$y').substitute({'x': 1}, y=2))
for bad in ['$', '$1', '${x', 'a $ b']:
    try:
        T(bad).substitute(x=1)
    except (ValueError, KeyError) as e:
        print(type(e).__name__, e)
try:
    T('$missing').substitute()
except KeyError as e:
    print('KeyError', e)
class Pct(T):
    delimiter = '%'
print(Pct('%who is %{what}%%').substitute(who='x', what='y'))
class Dotted(T):
    idpattern = r'[a-z]+(?:\.[a-z]+)*'
print(Dotted('$a.b and $c').safe_substitute({'a.b': 1}))
print(T('$a ${b}').get_identifiers(), T('$a $$').is_valid())
p = re.compile(r"""
    (\d+)     # digits
    \ +       # escaped spaces
    ([a-z#]+) # a class holding '#'
    [ ]x      # a space in a class
""", re.VERBOSE)
print(p.findall('12  ab# x 7 q x'), re.findall(r'(?a:[a-z]+)-(?u:\d)', 'ab-1 cd-2'))
