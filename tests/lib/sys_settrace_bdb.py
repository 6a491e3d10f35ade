# bdb (what pdb is built on) stepping through code, and the trace module
# counting lines: both on sys.settrace.
import sys, io, trace, bdb

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

t = trace.Trace(count=1, trace=0)
t.runfunc(fib, 5)
counts = t.results().counts
print(sorted((k[1], v) for k, v in counts.items() if k[0] == __file__))

class Stepper(bdb.Bdb):
    def __init__(self):
        super().__init__()
        self.seen = []
    def user_line(self, frame):
        self.seen.append((frame.f_code.co_name, frame.f_lineno))
        if len(self.seen) < 12:
            self.set_step()
        else:
            self.set_continue()
    def user_return(self, frame, value):
        self.seen.append(('ret', frame.f_code.co_name, value))

def work():
    a = 1
    b = a + fib(3)
    return b

s = Stepper()
s.runcall(work)
for x in s.seen: print(x)
print(sys.gettrace())
