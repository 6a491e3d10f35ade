# sendmsg / recvmsg / recvmsg_into, with SCM_RIGHTS descriptors (send_fds,
# recv_fds) and datagram addresses
import socket, os, array

a, b = socket.socketpair()
print(a.sendmsg([b"one ", bytearray(b"two "), memoryview(b"three")]))
data, anc, flags, addr = b.recvmsg(100)
print(data, anc, flags, addr)
a.sendmsg([b"abcdefgh"])
bufs = [bytearray(3), bytearray(10)]
print(b.recvmsg_into(bufs), bufs)

r, w = os.pipe()
os.write(w, b"through a passed fd")
print(socket.send_fds(a, [b"fds"], [r, w]))
msg, fds, flags, addr = socket.recv_fds(b, 100, 4)
print(msg, len(fds), flags, addr)
print(os.read(fds[0], 100))
for fd in fds + [r, w]:
    os.close(fd)

# ancillary data by hand, and a too-small ancillary buffer
fds = array.array("i", [0])
a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
data, anc, flags, addr = b.recvmsg(10, socket.CMSG_SPACE(4))
print(data, [(l, t, len(d)) for l, t, d in anc], flags)
os.close(array.array("i", anc[0][2])[0])
a.sendmsg([b"y"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [0, 1]))])
data, anc, flags, addr = b.recvmsg(10, socket.CMSG_LEN(4))
print(data, flags & socket.MSG_CTRUNC != 0, len(anc))
for l, t, d in anc:
    for fd in array.array("i", d[: len(d) - len(d) % 4]):
        os.close(fd)

for args in ((-1,), (10, -1), ("x",)):
    try:
        b.recvmsg(*args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for args in ((5,), ([b"x"], 5), ([b"x"], [(1, 2)]), (["str"],)):
    try:
        a.sendmsg(*args)
    except TypeError as e:
        print("TypeError", e)
a.close(); b.close()

# datagrams carry their sender's address
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("127.0.0.1", 0))
v = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
v.bind(("127.0.0.1", 0))
print(v.sendmsg([b"to ", b"u"], [], 0, u.getsockname()))
data, anc, flags, addr = u.recvmsg(100)
print(data, anc, flags, addr == v.getsockname())
u.close(); v.close()
