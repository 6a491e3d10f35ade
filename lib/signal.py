"""Set handlers for asynchronous events (tpy).

The functions are _signal's (src/mod/signal.c), with CPython's semantics:
a Python handler runs in the main thread at the next safe point, and
SIGINT's default handler raises KeyboardInterrupt.

CPython's signal.py converts _signal's constants into IntEnum classes with
enum.IntEnum._convert_; tpy cannot load the enum module yet, so this file
builds the same three classes (Signals, Handlers, Sigmasks) with a small
IntEnum of its own: members are ints with a name, looked up by value
(Signals(2)) and by name (Signals['SIGINT']), iterable in value order
without aliases (SIGIOT is SIGABRT), printed as CPython 3.11 prints them.
The wrappers below are CPython's. When the standard library's enum loads
on tpy, CPython's signal.py replaces this file.
"""

import _signal
from _signal import *


class _IntEnumType(type):
    def __iter__(cls):
        return iter(cls._member_list_)

    def __len__(cls):
        return len(cls._member_list_)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __contains__(cls, member):
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __call__(cls, value):
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        if isinstance(value, cls):
            return value
        raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))

    def __repr__(cls):
        return "<enum %r>" % cls.__name__

    @property
    def __members__(cls):
        return dict(cls._member_map_)


class _IntEnum(int, metaclass=_IntEnumType):
    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return int(self)

    def __repr__(self):
        return "<%s.%s: %d>" % (type(self).__name__, self._name_, int(self))

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, spec):
        return int.__format__(int(self), spec)

    def __reduce__(self):
        return (getattr, (type(self), self._name_))

    def __hash__(self):
        return int.__hash__(self)


def _convert(name, select):
    """Make the IntEnum `name` of the globals that select() accepts, as
    IntEnum._convert_ does: ordered by (value, name), the first name of a
    value is its member and later ones are aliases (SIGIOT is SIGABRT);
    the globals are rebound to the members."""
    g = globals()
    items = sorted(((v, n) for n, v in g.items() if select(n)), key=lambda t: (t[0], t[1]))
    cls = _IntEnumType(name, (_IntEnum,), {"__module__": __name__, "__qualname__": name})
    cls._member_list_ = []
    cls._member_map_ = {}
    cls._value2member_map_ = {}
    for value, n in items:
        m = int.__new__(cls, value)
        m._name_ = n
        if value not in cls._value2member_map_:
            cls._value2member_map_[value] = m
            cls._member_list_.append(m)
        cls._member_map_[n] = cls._value2member_map_[value]
    for n, m in cls._member_map_.items():
        g[n] = m
    g[name] = cls
    return cls


_convert('Signals',
         lambda name:
             name.isupper()
             and (name.startswith('SIG') and not name.startswith('SIG_'))
             or name.startswith('CTRL_'))
_convert('Handlers', lambda name: name in ('SIG_DFL', 'SIG_IGN'))
_convert('Sigmasks', lambda name: name in ('SIG_BLOCK', 'SIG_UNBLOCK', 'SIG_SETMASK'))
del _convert


def _int_to_enum(value, enum_klass):
    """Convert a numeric value to an IntEnum member.
    If it's not a known member, return the numeric value itself.
    """
    try:
        return enum_klass(value)
    except ValueError:
        return value


def _enum_to_int(value):
    """Convert an IntEnum member to a numeric value.
    If it's not an IntEnum member return the value itself.
    """
    try:
        return int(value)
    except (ValueError, TypeError):
        return value


def signal(signalnum, handler):
    handler = _signal.signal(_enum_to_int(signalnum), _enum_to_int(handler))
    return _int_to_enum(handler, Handlers)


def getsignal(signalnum):
    handler = _signal.getsignal(signalnum)
    return _int_to_enum(handler, Handlers)


def pthread_sigmask(how, mask):
    sigs_set = _signal.pthread_sigmask(how, mask)
    return set(_int_to_enum(x, Signals) for x in sigs_set)


def sigpending():
    return {_int_to_enum(x, Signals) for x in _signal.sigpending()}


def sigwait(sigset):
    retsig = _signal.sigwait(sigset)
    return _int_to_enum(retsig, Signals)


def valid_signals():
    return {_int_to_enum(x, Signals) for x in _signal.valid_signals()}
