# BFS on a grid with deque, DP with lru_cache, brute-force TSP with permutations.
from collections import deque
from functools import lru_cache
from itertools import permutations, pairwise, product
import random

grid = [
    "S.#.......",
    ".##.####..",
    "...#...#.#",
    "#.#..#.#..",
    "..#.##...#",
    ".#...#.#.E",
]
H, W = len(grid), len(grid[0])
start = next((r, c) for r, c in product(range(H), range(W)) if grid[r][c] == 'S')
end = next((r, c) for r, c in product(range(H), range(W)) if grid[r][c] == 'E')
dist = {start: 0}
q = deque([start])
while q:
    r, c = q.popleft()
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < H and 0 <= nc < W and grid[nr][nc] != '#' and (nr, nc) not in dist:
            dist[(nr, nc)] = dist[(r, c)] + 1
            q.append((nr, nc))
print(start, end, dist.get(end), len(dist))

@lru_cache(maxsize=None)
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)
print(paths(16, 16), paths.cache_info())

@lru_cache(maxsize=None)
def lcs(a, b):
    if not a or not b:
        return 0
    if a[0] == b[0]:
        return 1 + lcs(a[1:], b[1:])
    return max(lcs(a[1:], b), lcs(a, b[1:]))
print(lcs('AGGTABQWERTY', 'GXTXAYBWRT'))

rng = random.Random(4)
cities = [(rng.randint(0, 100), rng.randint(0, 100)) for _ in range(7)]
def length(route):
    return sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in pairwise(route + (route[0],)))
best = min(permutations(cities), key=length)
print(cities, length(best), best[:3])
