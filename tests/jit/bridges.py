# tpy-test: no-regen modes=default
# A guard that first fails after 10,000 iterations gets a bridge once it has
# failed trace_eagerness times; a guard inside that bridge that starts
# failing later gets a bridge of its own. The results stay right throughout.
import pypyjit

compiled = []
pypyjit.set_compile_hook(lambda info: compiled.append(info.type))

def f(n):
    s = 0
    for i in range(n):
        if i >= 10000:
            if i >= 20000:
                s += 3
            else:
                s += 2
        else:
            s += 1
    return s

print(f(40000))
pypyjit.set_compile_hook(None)
print("loop:", compiled.count('loop'), "bridges:", compiled.count('bridge') >= 2)
snap = pypyjit.get_stats_snapshot().counters
print("counted:", snap['TOTAL_COMPILED_LOOPS'] >= 1, snap['TOTAL_COMPILED_BRIDGES'] >= 2)
