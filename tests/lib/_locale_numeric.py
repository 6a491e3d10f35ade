# _locale under a locale whose decimal point is ',' (de_DE, compiled with
# localedef into a temporary directory): localeconv(), locale.str/atof/
# format_string/currency, nl_langinfo and strcoll follow it, while Python's
# own float syntax (literals, float(), json, pickle, repr, %-formatting)
# stays the C locale's, as in CPython; format type 'n' uses the locale
# (fr_FR: a multi-byte separator, U+202F).
import os
import subprocess
import sys
import tempfile

child = r'''
import locale, json, pickle
print(locale.setlocale(locale.LC_ALL, 'de_DE.UTF-8'))
conv = locale.localeconv()
print(conv['decimal_point'], conv['thousands_sep'], conv['grouping'], conv['currency_symbol'], conv['frac_digits'])
print(eval('2.5'), float('1.25'), json.loads('[4.5, 1e3]'), pickle.loads(pickle.dumps(6.5, 0)), eval('1.5j'))
print(repr(0.1), '%.3f' % 2.5, format(1234.5, ',.2f'), str(1e100), round(2.675, 2))
print(locale.str(2.5), locale.atof('1.234,5'), locale.format_string('%.2f', 1234.5, grouping=True))
print(locale.currency(3.5), locale.currency(1234.5, grouping=True, international=True))
print(locale.nl_langinfo(locale.RADIXCHAR), locale.nl_langinfo(locale.MON_3), locale.nl_langinfo(locale.CODESET))
print(sorted(['b', 'A', 'a', 'B'], key=locale.strxfrm), locale.strcoll('a', 'B') < 0)
print(locale.setlocale(locale.LC_NUMERIC), locale.getlocale(locale.LC_NUMERIC))
# format type 'n': the locale's point and grouping, zero padding grouped too
for loc in ('de_DE.UTF-8', 'fr_FR.UTF-8', 'C'):
    locale.setlocale(locale.LC_NUMERIC, loc)
    print(loc, [format(v, spec) for v, spec in [(8.5, 'n'), (1234567.25, 'n'), (1234567.25, '015n'),
                                                (1234567, 'n'), (-1234567, '012n'), (1234567.25, '>20n'),
                                                (12345, ',d'), (1234.5, ',.2f')]])
'''

with tempfile.TemporaryDirectory() as locdir:
    for name in ('de_DE', 'fr_FR'):
        made = subprocess.run(['localedef', '-i', name, '-f', 'UTF-8', os.path.join(locdir, name + '.UTF-8')],
                              capture_output=True, text=True)
        print('localedef', name, made.returncode)
    env = dict(os.environ, LOCPATH=locdir)
    env.pop('LC_ALL', None)
    r = subprocess.run([sys.executable, '-c', child], env=env, capture_output=True, text=True)
    print(r.stdout, end='')
    print(r.stderr, end='')
