# file_lines: write a 100 MB UTF-8 text file line by line into a temporary
# directory (in /dev/shm when it exists), then read it back line by line
# (readline, `for line in f`, readlines), in binary mode and by blocks;
# a binary file is written too; both are removed at the end.
import os
import sys
import tempfile

N = 100
if len(sys.argv) > 1:
    N = int(sys.argv[1])
SIZE = N * 1000 * 1000   # bytes of text to write

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
         "theta", "iota", "kappa", "caf\u00e9", "\u00fcber", "\u03bb\u03bc",
         "\u2603", "na\u00efve", "x"]


def make_pool():
    # 512 distinct lines of 20-150 characters, 1 in 8 with non-ASCII text
    seed = 777
    pool = []
    for i in range(512):
        parts = [str(i)]
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        n = 3 + seed % 20
        for j in range(n):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            k = (seed >> 7) % len(WORDS)
            if k >= 10 and i % 8 != 0:
                k = k - 10
            parts.append(WORDS[k])
        pool.append(" ".join(parts) + "\n")
    return pool


def write_text(path, pool):
    nbytes = 0
    nlines = 0
    i = 0
    lens = []
    for line in pool:
        lens.append(len(line.encode("utf-8")))
    with open(path, "w", encoding="utf-8") as f:
        while nbytes < SIZE:
            k = (i * 7) & 511
            f.write(pool[k])
            nbytes += lens[k]
            i += 1
        nlines = i
    return nlines, nbytes


def read_readline(path):
    count = 0
    chars = 0
    with open(path, "r", encoding="utf-8") as f:
        while True:
            line = f.readline()
            if not line:
                break
            count += 1
            chars += len(line)
    return count, chars


def read_iter(path):
    count = 0
    acc = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            count += 1
            if line[0] == "1":
                acc += len(line)
    return count, acc


def read_lines_list(path):
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    return len(lines), len(lines[len(lines) // 2]), lines[-1].strip()


def read_binary(path):
    count = 0
    total = 0
    with open(path, "rb") as f:
        for line in f:
            count += 1
            total += len(line)
    return count, total


def read_blocks(path):
    nl = 0
    total = 0
    with open(path, "rb") as f:
        while True:
            b = f.read(1 << 16)
            if not b:
                break
            total += len(b)
            nl += b.count(b"\n")
    return nl, total


def write_binary(path, pool):
    bpool = []
    for line in pool:
        bpool.append(line.encode("utf-8"))
    n = 0
    with open(path, "wb") as f:
        for i in range(len(bpool) * 400):
            f.write(bpool[i & 511])
            n += 1
    return n, os.path.getsize(path)


def bench():
    report = []
    pool = make_pool()
    # a RAM-backed directory when there is one, so that the disk's speed
    # does not enter the timing
    base = None
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        base = "/dev/shm"
    d = tempfile.mkdtemp(prefix="tpy-bench-", dir=base)
    path = os.path.join(d, "lines.txt")
    try:
        report.append("write %s" % (write_text(path, pool),))
        report.append("size %s" % (os.path.getsize(path),))
        report.append("readline %s" % (read_readline(path),))
        report.append("iter %s" % (read_iter(path),))
        report.append("readlines %s" % (read_lines_list(path),))
        report.append("binary %s" % (read_binary(path),))
        report.append("blocks %s" % (read_blocks(path),))
        report.append("write_binary %s"
                      % (write_binary(os.path.join(d, "b.bin"), pool),))
    finally:
        for name in os.listdir(d):
            os.remove(os.path.join(d, name))
        os.rmdir(d)
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
