# os.wait3 and os.wait4: the child's pid and status with its resource
# usage as resource.struct_rusage; WNOHANG with nothing to reap; errors.
import os
import resource
import sys

pid = os.fork()
if pid == 0:
    os._exit(7)
r = os.wait4(pid, 0)
print(r[0] == pid, os.waitstatus_to_exitcode(r[1]), type(r[2]).__name__, isinstance(r[2], resource.struct_rusage))
print(isinstance(r[2].ru_utime, float), r[2].ru_maxrss >= 0, len(r[2]))

pid = os.fork()
if pid == 0:
    os._exit(3)
r = os.wait3(options=0)
print(r[0] == pid, os.waitstatus_to_exitcode(r[1]), isinstance(r[2], resource.struct_rusage))

# nothing left to wait for
for call in (lambda: os.wait3(0), lambda: os.wait4(-1, 0)):
    try:
        call()
    except ChildProcessError as e:
        print("ChildProcessError", e.errno)

# a running child and WNOHANG: (0, 0, usage)
r_fd, w_fd = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(w_fd)
    os.read(r_fd, 1)
    os._exit(0)
os.close(r_fd)
r4, r3 = os.wait4(pid, os.WNOHANG), os.wait3(os.WNOHANG)
print(r4[:2], r3[:2], sum(r4[2]), sum(r3[2]))   # nothing reported: usage zeroed
os.close(w_fd)
print(os.wait4(pid, 0)[0] == pid)

for bad in [lambda: os.wait3(), lambda: os.wait3("x"), lambda: os.wait4(1), lambda: os.wait4(1.5, 0), lambda: os.wait4(pid=-1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
