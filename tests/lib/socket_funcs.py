# _socket's module functions: byte order, address text, name resolution
# of numeric and local names, services, constants, errors
import socket, _socket

def show(f, *args):
    try:
        r = f(*args)
    except Exception as e:
        print(f.__name__, args, "->", type(e).__name__, e)
    else:
        print(f.__name__, args, "=", repr(r))

for x in (0, 1, 0x1234, 0xffff, 0x10000, -1):
    show(socket.htons, x)
    show(socket.ntohs, x)
for x in (0, 1, 0x12345678, 0xffffffff, 0x100000000, -1, 1.5):
    show(socket.htonl, x)
    show(socket.ntohl, x)
for s in ("1.2.3.4", "255.255.255.255", "127.1", "0x7f.1", "1.2.3.256", "", "abc", "1.2.3.4\0"):
    show(socket.inet_aton, s)
for b in (b"\x7f\0\0\1", b"\1\2\3", bytearray(b"\xff\xff\xff\xff"), "1234"):
    show(socket.inet_ntoa, b)
for af, s in ((socket.AF_INET, "10.0.0.1"), (socket.AF_INET, "10.0.0"), (socket.AF_INET6, "::1"),
              (socket.AF_INET6, "fe80::1:2"), (socket.AF_INET6, "1:2:3:4:5:6:7:8"), (socket.AF_INET6, "::ffff:1.2.3.4"),
              (socket.AF_INET6, ":::"), (socket.AF_UNIX, "x"), (socket.AF_INET, b"1.2.3.4")):
    show(socket.inet_pton, af, s)
for af, b in ((socket.AF_INET, b"\1\2\3\4"), (socket.AF_INET, b"\1\2\3"), (socket.AF_INET6, bytes(15) + b"\1"),
              (socket.AF_INET6, b"\xfe\x80" + bytes(13) + b"\1"), (socket.AF_INET6, b"\1"), (12345, b"\1\2\3\4")):
    show(socket.inet_ntop, af, b)

show(socket.gethostbyname, "127.0.0.1")
show(socket.gethostbyname, "localhost")
show(socket.gethostbyname, "")
show(socket.gethostbyname, "<broadcast>")
show(socket.gethostbyname, 42)
show(socket.gethostbyname, "no-such-host.invalid")
print(type(socket.gethostname()).__name__, socket.gethostname() != "")
print(socket.gethostbyname_ex("127.0.0.1")[2])
show(socket.getservbyname, "http", "tcp")
show(socket.getservbyname, "ssh")
show(socket.getservbyname, "no-such-service")
show(socket.getservbyname, 80)
show(socket.getservbyport, 80, "tcp")
show(socket.getservbyport, 22)
show(socket.getservbyport, 70000)
show(socket.getprotobyname, "tcp")
show(socket.getprotobyname, "udp")
show(socket.getprotobyname, "nope")
show(socket.getprotobyname, "t\0cp")
show(socket.inet_pton, socket.AF_INET, "1.2.3.4\0")

for args in (("127.0.0.1", 80, socket.AF_INET, socket.SOCK_STREAM),
             ("127.0.0.1", "80", socket.AF_INET, socket.SOCK_DGRAM),
             (None, 0, socket.AF_INET, socket.SOCK_STREAM, 0, socket.AI_PASSIVE),
             ("::1", None, socket.AF_INET6, socket.SOCK_STREAM),
             (b"127.0.0.1", b"http", socket.AF_INET, socket.SOCK_STREAM),
             ("127.0.0.1", 1.5), (1, 80), ("no-such-host.invalid", 80)):
    try:
        r = socket.getaddrinfo(*args)
    except Exception as e:
        print("getaddrinfo", type(e).__name__, e)
    else:
        print("getaddrinfo", sorted(r))
print(_socket.getaddrinfo("127.0.0.1", 7, type=socket.SOCK_STREAM))
r = socket.getaddrinfo("localhost", 80, socket.AF_INET, socket.SOCK_STREAM)
print(r[0][0], r[0][4])
show(socket.getnameinfo, ("127.0.0.1", 80), socket.NI_NUMERICHOST | socket.NI_NUMERICSERV)
show(socket.getnameinfo, ("::1", 443, 0, 0), socket.NI_NUMERICHOST | socket.NI_NUMERICSERV)
show(socket.getnameinfo, ("127.0.0.1", 80, 0, 0), 0)
show(socket.getnameinfo, "127.0.0.1", 0)

print(socket.CMSG_LEN(0), socket.CMSG_LEN(4), socket.CMSG_SPACE(0), socket.CMSG_SPACE(4))
show(socket.CMSG_LEN, -1)
show(socket.if_nametoindex, "lo")
show(socket.if_indextoname, socket.if_nametoindex("lo"))
show(socket.if_nametoindex, "no-such-if0")
print(("lo" in [n for i, n in socket.if_nameindex()]))

print(socket.error is OSError, socket.timeout is TimeoutError)
print(socket.herror.__mro__[1:], socket.gaierror.__module__, socket.herror.__name__)
print(_socket.SocketType is _socket.socket, socket.socket.__mro__[1] is _socket.socket)
print(socket.has_ipv6, socket.AF_INET, socket.SOCK_STREAM, socket.SOCK_NONBLOCK, socket.SOCK_CLOEXEC)
print(socket.SOL_SOCKET, socket.SO_REUSEADDR, socket.IPPROTO_TCP, socket.TCP_NODELAY, socket.SHUT_RDWR, socket.SOMAXCONN)
print(socket.AI_PASSIVE, socket.NI_NUMERICHOST, socket.EAI_NONAME, socket.MSG_PEEK, socket.MSG_DONTWAIT)
print(len(socket.AddressFamily), len(socket.SocketKind), len(socket.MsgFlag), len(socket.AddressInfo))
print(sum(1 for n in dir(_socket) if n[:1].isupper() and isinstance(getattr(_socket, n), int)))
print(socket.fromfd.__module__, socket.socketpair.__module__)
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM | socket.SOCK_NONBLOCK)
print(s.type, s.gettimeout(), s.getblocking())
s.close()
for args in ((socket.AF_INET, 12345), (-5,), ("x",)):
    try:
        socket.socket(*args)
    except (OSError, TypeError) as e:
        print(type(e).__name__, e)
try:
    socket.socket(fileno=-3)
except ValueError as e:
    print("ValueError", e)
