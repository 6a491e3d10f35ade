# readline at a terminal: input() in a child on a pseudo-terminal reads
# through the line editor (completer, hooks, auto history, Ctrl-C, EOF);
# only the child's own "RESULT" lines are compared
import os, pty, selectors, signal, subprocess, sys, time

CHILD = r"""
import readline, signal, sys
# Ctrl-C raises KeyboardInterrupt even when the tests run in the
# background (where SIGINT comes ignored)
signal.signal(signal.SIGINT, signal.default_int_handler)
if "libedit" in readline.__doc__:
    readline.parse_and_bind("bind ^I rl_complete")
else:
    readline.parse_and_bind("tab: complete")
def completer(text, state):
    print("RESULT completer", repr(text), state, readline.get_begidx(), readline.get_endidx(),
          repr(readline.get_line_buffer()))
    options = [w for w in ("alpha", "alpine", "beta") if w.startswith(text)]
    return options[state] if state < len(options) else None
readline.set_completer(completer)
calls = []
readline.set_startup_hook(lambda: calls.append("startup"))
readline.set_auto_history(%s)
for i in range(%d):
    try:
        line = input("? ")
    except KeyboardInterrupt:
        print("RESULT KeyboardInterrupt")
        continue
    except EOFError as e:
        print("RESULT EOFError", repr(str(e)))
        break
    print("RESULT line", repr(line))
print("RESULT history", [readline.get_history_item(i) for i in range(1, readline.get_current_history_length() + 1)])
print("RESULT hooks", len(calls) > 0)
"""

def run(auto, n, keys):
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", CHILD % (auto, n)], stdin=slave, stdout=slave, stderr=slave,
                            env=dict(os.environ, TERM="dumb", INPUTRC="/dev/null", EDITRC="/dev/null"))
    os.close(slave)
    out = b""
    sel = selectors.SelectSelector()
    sel.register(master, selectors.EVENT_READ)
    pending = list(keys)
    deadline = time.time() + 20
    while time.time() < deadline:
        ready = sel.select(0.3)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        elif pending and b"? " in out:   # keys once the first prompt shows
            key = pending.pop(0)
            if key == "SIGINT":
                proc.send_signal(signal.SIGINT)   # Ctrl-C, whatever the tty mode
            else:
                os.write(master, key)
        elif proc.poll() is not None:
            break
    proc.wait()
    os.close(master)
    for line in out.decode("utf-8", "replace").replace("\r", "").split("\n"):
        if "RESULT" in line:   # after the prompt and echo when on their line
            print(line[line.index("RESULT"):])
    print("exit", proc.returncode)

run(True, 3, [b"first\r", b"al\t", b"p\t\r", b"first\r"])
run(False, 2, [b"one\r", b"two\r"])
run(True, 4, [b"x", "SIGINT", b"after\r", b"\x04"])
