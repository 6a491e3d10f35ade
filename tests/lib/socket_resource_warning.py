# A socket collected while still open warns (ResourceWarning "unclosed
# <socket...>") and closes its descriptor, as CPython's; a closed one
# does not warn.
import gc, os, socket, warnings


def make(close):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    fd, r = s.fileno(), repr(s)
    if close:
        s.close()
    return fd, r


for close in (False, True):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        fd, r = make(close)
        for _ in range(3):
            gc.collect()
    found = [x for x in w if issubclass(x.category, ResourceWarning)]
    print("closed" if close else "open", len(found), [str(x.message) == "unclosed " + r for x in found])
    try:
        os.fstat(fd)
        print("descriptor still open")
    except OSError:
        print("descriptor closed")
