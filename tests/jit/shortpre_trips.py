# Nested loops whose inner loop runs 0, 1, 2 or many times per entry, so
# that the bridge leaving it (and the code advancing the outer loop) jumps
# back into the inner loop's peeled body through its short preamble
# (opt_unroll.c): float and int accumulators carried raw, invariant lists,
# a range iterator re-made on every entry, loops inside a function called
# from a loop (call_assembler) and at module level.

def pairs(bodies, rounds):
    # nbody's shape: the j loop runs len-1, len-2, ..., 0 times
    e = 0.0
    for r in range(rounds):
        for i in range(len(bodies)):
            bi = bodies[i]
            for j in range(i + 1, len(bodies)):
                bj = bodies[j]
                dx = bi[0] - bj[0]
                dv = bi[1] - bj[1]
                bi[2] -= dx * 0.001
                bj[2] += dv * 0.001
                e += dx * dv
    return e, [b[:] for b in bodies]

def trips(counts, rounds):
    # inner trip counts from a list: 0, 1, 2 and many
    total = 0
    hits = 0
    for r in range(rounds):
        for c in counts:
            s = r
            for k in range(c):
                s += k * 3 + 1
            total += s
            hits += 1 if c else 0
    return total, hits

def while_inner(limits, rounds):
    acc = 0
    for r in range(rounds):
        for lim in limits:
            i = 0
            while i < lim:
                acc += i ^ r
                i += 1
    return acc

def float_mix(rounds):
    x = 0.5
    out = []
    for r in range(rounds):
        n = r % 4
        y = 1.0
        for k in range(n):
            y = y * x + k
        out.append(y)
    return sum(out), out[:6]

def caller(rounds):
    t = 0
    for r in range(rounds):
        t += trips([r % 3, 0, 5], 2)[0]
    return t

def bodies_of(n):
    return [[float(i), float(i) * 0.5 + 1.0, 0.25 * i] for i in range(n)]

print(pairs(bodies_of(5), 300))
print(pairs(bodies_of(2), 300))
print(pairs(bodies_of(1), 300))
print(pairs(bodies_of(9), 100))
print(trips([0, 1, 2, 7, 0, 0, 3, 40], 400))
print(trips([0], 500), trips([1], 500), trips([2], 500))
print(while_inner([0, 1, 2, 3, 17], 400))
print(float_mix(800))
print(caller(400))

# at module level
grid = []
for a in range(300):
    row = 0
    for b in range(a % 5):
        row += a * b
    grid.append(row)
print(sum(grid), grid[:12])
