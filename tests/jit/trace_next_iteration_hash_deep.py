# tpy-test: no-regen modes=default,eager timeout=20
# trace_next_iteration_hash() searches the code objects of the running
# frames: each code once per call. It searched every frame's code, so a
# recursion through a long function took time quadratic in its depth (a
# hook that called itself through this function ran for minutes). Found by
# tools/fuzz.py --target hooks.
import pypyjit, dis

# a long function (about 2,000 instructions) that recurses 600 deep
body = "\n".join("        x%d = k + %d" % (i, i) for i in range(500))
src = ("def rec(k, h):\n    if k == 0:\n        return 0\n    if k < 0:\n%s\n"
       "    pypyjit.trace_next_iteration_hash(h)\n    return rec(k - 1, h) + 1\n" % body)
ns = {'pypyjit': pypyjit}
exec(src, ns)
rec = ns['rec']

def loop(n):
    s = 0
    for i in range(n):
        s += i
    return s
ofs = [i.offset for i in dis.get_instructions(loop) if i.opname == 'FOR_ITER'][0]
print(rec(600, 12345), rec(600, hash((loop.__code__, ofs, False))))
print(loop(100), pypyjit.get_jitcell_at_key(ofs, False, loop.__code__))
