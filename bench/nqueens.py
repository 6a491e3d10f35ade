# nqueens: the N-queens problem three ways, in the generator style of the
# classic benchmark (own code): filtering every permutation of the columns
# (from itertools.permutations and from a recursive permutation generator)
# by the sizes of the sets of diagonals, and a backtracking solver written
# as a recursive generator that threads sets of attacked columns and
# diagonals. Solutions are counted and hashed in a canonical order.
import itertools
import sys

N = 4                      # rounds
if len(sys.argv) > 1:
    N = int(sys.argv[1])

SIZE = 8                   # board size of the permutation filters
BACKTRACK_SIZE = 10


def permutations_of(items):
    """Every ordering of items, in lexicographic order of positions."""
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for tail in permutations_of(rest):
            yield [items[i]] + tail


def is_solution(cols):
    n = len(cols)
    return (n == len(set(cols[i] + i for i in range(n)))
            == len(set(cols[i] - i for i in range(n))))


def by_permutations(n):
    return [tuple(p) for p in itertools.permutations(range(n)) if is_solution(p)]


def by_own_permutations(n):
    return [tuple(p) for p in permutations_of(list(range(n))) if is_solution(p)]


def place(n, row, used, diag_down, diag_up):
    if row == n:
        yield ()
        return
    for col in range(n):
        if col in used or (row + col) in diag_down or (row - col) in diag_up:
            continue
        used.add(col)
        diag_down.add(row + col)
        diag_up.add(row - col)
        for rest in place(n, row + 1, used, diag_down, diag_up):
            yield (col,) + rest
        used.discard(col)
        diag_down.discard(row + col)
        diag_up.discard(row - col)


def by_backtracking(n):
    return list(place(n, 0, set(), set(), set()))


def digest(solutions):
    h = 0
    for s in sorted(solutions):
        for c in s:
            h = (h * 11 + c + 1) % 1000000007
    return h


def one_round():
    a = by_permutations(SIZE)
    b = by_own_permutations(SIZE)
    if sorted(a) != sorted(b):
        raise RuntimeError("the permutation generators disagree")
    c = by_backtracking(SIZE)
    if sorted(c) != sorted(a):
        raise RuntimeError("backtracking disagrees with the permutations")
    big = by_backtracking(BACKTRACK_SIZE)
    return ("permutations n=%d solutions %d digest %d\n"
            "backtracking n=%d solutions %d digest %d"
            % (SIZE, len(a), digest(a), BACKTRACK_SIZE, len(big), digest(big)))


def bench():
    first = one_round()
    for r in range(N - 1):
        if one_round() != first:
            raise RuntimeError("rounds disagree")
    return "rounds %d\n%s" % (N, first)


if __name__ == "__main__":
    print(bench())
