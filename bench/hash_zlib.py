# hash_zlib: hashlib.sha256/md5/sha1 and zlib.compress/decompress/crc32/
# adler32 over large buffers, whole and in chunks (update(), compressobj,
# decompressobj).
import hashlib
import sys
import zlib

N = 48
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def make_data():
    # 4 MB of compressible text-like bytes and 1 MB of LCG noise
    seed = 99
    words = []
    for i in range(1500):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        words.append(b"w%d-%x " % (seed % 997, seed >> 20))
    block = b"".join(words)
    text = (block * (4000000 // len(block) + 1))[:4000000]
    noise = bytearray(1000000)
    for i in range(0, 1000000, 4):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        noise[i] = seed & 255
        noise[i + 1] = (seed >> 8) & 255
        noise[i + 2] = (seed >> 16) & 255
        noise[i + 3] = (seed >> 24) & 255
    return text, bytes(noise)


def hashes(text, noise, n):
    res = []
    for rep in range(n):
        res = []
        res.append(hashlib.sha256(text).hexdigest())
        res.append(hashlib.md5(text).hexdigest())
        res.append(hashlib.sha1(noise).hexdigest())
        h = hashlib.sha256()
        for i in range(0, len(text), 4096):
            h.update(text[i:i + 4096])
        res.append(h.hexdigest())
        h = hashlib.new("sha256")
        mv = memoryview(noise)
        for i in range(0, len(noise), 100):
            h.update(mv[i:i + 100])
        res.append(h.hexdigest()[:16])
        res.append(zlib.crc32(text) ^ zlib.crc32(noise))
        res.append(zlib.adler32(text))
        c = 0
        for i in range(0, len(noise), 1000):
            c = zlib.crc32(noise[i:i + 1000], c)
        res.append(c)
    return res


def compression(text, noise, n):
    res = []
    for rep in range(n):
        res = []
        for level in (1, 6, 9):
            c = zlib.compress(text, level)
            res.append((level, len(c), zlib.decompress(c) == text))
        c = zlib.compress(noise)
        res.append((len(c), zlib.decompress(c) == noise))
        co = zlib.compressobj(6, zlib.DEFLATED, -15)
        parts = []
        for i in range(0, len(text), 65536):
            parts.append(co.compress(text[i:i + 65536]))
        parts.append(co.flush())
        raw = b"".join(parts)
        do = zlib.decompressobj(-15)
        out = []
        for i in range(0, len(raw), 8192):
            out.append(do.decompress(raw[i:i + 8192]))
        out.append(do.flush())
        res.append((len(raw), b"".join(out) == text))
        gz = zlib.compressobj(wbits=31)
        g = gz.compress(noise[:200000]) + gz.flush()
        res.append((len(g), zlib.decompress(g, 47) == noise[:200000]))
    return res


def bench():
    report = []
    text, noise = make_data()
    report.append("data %s %s %s" % (len(text), len(noise), text[:24]))
    for r in hashes(text, noise, N):
        report.append("hash %s" % (r,))
    for r in compression(text, noise, N // 8):
        report.append("zlib %s" % (r,))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
