# _locale in the C locale: queries, errors with CPython's messages, the
# constants locale.py re-exports
import _locale
import locale

print(locale.setlocale(locale.LC_ALL, 'C'))
print(locale.setlocale(locale.LC_NUMERIC), locale.setlocale(locale.LC_COLLATE, None))
print(sorted(locale.localeconv().items()))
print(locale.strcoll('a', 'b'), locale.strcoll('b', 'a'), locale.strcoll('x', 'x'), repr(locale.strxfrm('abc')))
print(locale.nl_langinfo(locale.RADIXCHAR), locale.nl_langinfo(locale.DAY_1), locale.nl_langinfo(locale.ABMON_12),
      locale.nl_langinfo(locale.D_FMT), locale.nl_langinfo(locale.YESEXPR))
print(locale.Error is _locale.Error, locale.Error.__module__, locale.Error.__name__, issubclass(locale.Error, Exception))
print(_locale.CHAR_MAX, _locale.LC_CTYPE, _locale.LC_ALL, _locale.CODESET)
print(locale.gettext('hello'), locale.dgettext(None, 'x'), locale.textdomain(None))
tries = [
    lambda: locale.setlocale(12345),
    lambda: locale.setlocale(locale.LC_ALL, 'no_SUCH.locale'),
    lambda: locale.setlocale('x'),
    lambda: locale.setlocale(locale.LC_ALL, 5),
    lambda: locale.setlocale(locale.LC_ALL, 'C\0'),
    lambda: locale.strcoll('a\0', 'a'),
    lambda: locale.strcoll(1, 'a'),
    lambda: locale.strxfrm('a\0'),
    lambda: locale.nl_langinfo(-1),
    lambda: _locale.bindtextdomain('', None),
]
for t in tries:
    try:
        print('ok', t())
    except Exception as e:
        print(type(e).__name__, e)
print(locale.setlocale(locale.LC_ALL, ''), locale.getencoding() in ('utf-8', 'UTF-8', 'ANSI_X3.4-1968'))
# strcoll in the C locale orders by code point: -1, 0 or 1 wherever the
# strings' copies lie in memory (glibc's wcscmp gives -3/-4 near a page end)
locale.setlocale(locale.LC_ALL, 'C')
print(sorted({locale.strcoll(x, y) for i in range(3000) for x, y in [('a', 'b'), ('b' * (i % 40), 'a'), ('ab', 'ab')]}))
