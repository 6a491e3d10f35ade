"""inspect: a few of CPython's inspect functions, for tpy."""


def isclass(obj):
    return isinstance(obj, type)


def isfunction(obj):
    return type(obj).__name__ == "function"


def ismethod(obj):
    return type(obj).__name__ == "method"


def isbuiltin(obj):
    return type(obj).__name__ in ("builtin_function_or_method", "builtin_function")


def isroutine(obj):
    return isfunction(obj) or ismethod(obj) or isbuiltin(obj)


def ismodule(obj):
    return type(obj).__name__ == "module"


def iscode(obj):
    return type(obj).__name__ == "code"


def isgeneratorfunction(obj):
    return isfunction(obj) and bool(obj.__code__.co_flags & 0x20)


def getdoc(obj):
    doc = getattr(obj, "__doc__", None)
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def cleandoc(doc):
    lines = doc.expandtabs().split("\n")
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def getmembers(obj, predicate=None):
    result = []
    for name in dir(obj):
        try:
            value = getattr(obj, name)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            result.append((name, value))
    result.sort(key=lambda pair: pair[0])
    return result
