# tpy-test: no-regen modes=default
# A loop in a generator's body that goes round many times between yields
# (here, nqueens' backtracking: most columns are skipped with `continue`)
# is compiled as a loop trace in the generator's frame, like a loop in a
# function: its `continue` path stays in machine code, and the yields are
# exits from it (bridges that store the frame and leave with the value).
# Before, a loop in a generator frame never started a loop trace: the
# skipped columns ran interpreted, or unrolled in resume traces until the
# tree ran out of bridges.
import pypyjit

loops = []


def hook(info):
    if info.type == 'loop' and info.greenkey and info.greenkey[0].co_name == 'place':
        code, pc = info.greenkey[0], info.greenkey[1]
        loops.append((code.co_name, pc, any('label(' in repr(op) for op in info.operations)))


pypyjit.set_compile_hook(hook)


def place(n, row, used, down, up):
    if row == n:
        yield ()
        return
    for col in range(n):
        if col in used or (row + col) in down or (row - col) in up:
            continue
        used.add(col)
        down.add(row + col)
        up.add(row - col)
        for rest in place(n, row + 1, used, down, up):
            yield (col,) + rest
        used.discard(col)
        down.discard(row + col)
        up.discard(row - col)


for i in range(6):
    solutions = list(place(8, 0, set(), set(), set()))
print(len(solutions), solutions[0])
header = next(op.offset for op in __import__('dis').get_instructions(place) if op.opname == 'FOR_ITER')
print('loop trace at the FOR_ITER of the column loop:', any(pc == header and lab for name, pc, lab in loops))
