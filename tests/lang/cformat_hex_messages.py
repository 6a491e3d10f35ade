# Messages the runtime formats with hexadecimal and unsigned numbers
# (%x, %llu): each number is printed and the arguments after it stay in
# place (an unread one used to shift them: a crash or a garbled repr).
import _thread
import threading

for code in ("\x01", "\x7f", "y"):
    try:
        format(1j, code)
    except ValueError as e:
        print(e)
l = _thread.RLock()
l.acquire()
l.acquire()
r = repr(l)
print(r.startswith("<locked _thread.RLock object owner="), "owner=%d " % threading.get_ident() in r, "count=2 " in r)
l.release()
l.release()
print(repr(l).startswith("<unlocked _thread.RLock object owner=0 count=0 at "))
