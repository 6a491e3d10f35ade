# Daemon threads still doing buffered file I/O when the program exits:
# they never run again, and the exit-time finalizers of the files they hold
# must not wait for them (tpy used to spin for ever there).
import os, sys, threading, time

ran = set()

def io_loop():
    while True:
        with open(__file__, 'rb') as f:
            data = f.read(200)
            with open(os.devnull, 'wb') as null:
                null.write(data)
                time.sleep(0.0005)
        ran.add(threading.current_thread())

threads = [threading.Thread(target=io_loop, daemon=True) for _ in range(12)]
for t in threads:
    t.start()
while len(ran) < len(threads):
    time.sleep(0.001)
print("exiting with", len(threads), "daemon threads busy")
sys.exit(0)
