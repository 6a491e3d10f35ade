# tpy-test: strict-stderr
# SIGINT raises KeyboardInterrupt at the next safe point; handlers and
# finally blocks run; uncaught, it prints the traceback and the process
# dies by SIGINT (exit status -2 here, 130 in a shell).
import signal

def hot(n):
    s = 0
    for i in range(n):
        s += i
        if i == n - 1:
            signal.raise_signal(signal.SIGINT)
    return s

for n in (10, 5000):
    try:
        hot(n)
    except KeyboardInterrupt as e:
        print("interrupted", n, repr(e))
    finally:
        print("finally", n)

def saver(state):
    try:
        while True:
            state.append(len(state))
            if len(state) == 3000:
                signal.raise_signal(signal.SIGINT)
    finally:
        print("saved", len(state))

try:
    saver([])
except KeyboardInterrupt:
    print("caught")

signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.raise_signal(signal.SIGINT)
print("ignored")
signal.signal(signal.SIGINT, signal.default_int_handler)
try:
    saver([])
finally:
    print("last finally")
