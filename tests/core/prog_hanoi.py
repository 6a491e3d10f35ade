# Towers of Hanoi, recursive, with move recording and verification.
moves = []
def hanoi(n, src, dst, via):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst)
    moves.append((n, src, dst))
    hanoi(n - 1, via, dst, src)

hanoi(3, 'A', 'C', 'B')
for m in moves:
    print('move disk', m[0], 'from', m[1], 'to', m[2])

def verify(n):
    global moves
    moves = []
    hanoi(n, 'A', 'C', 'B')
    pegs = {'A': list(range(n, 0, -1)), 'B': [], 'C': []}
    for disk, src, dst in moves:
        top = pegs[src].pop()
        if top != disk:
            return 'wrong disk'
        if pegs[dst] and pegs[dst][-1] < disk:
            return 'illegal move'
        pegs[dst].append(disk)
    return len(moves), pegs['C'] == list(range(n, 0, -1))

for n in range(1, 11):
    print(n, verify(n))

def count_moves(n):
    if n == 0:
        return 0
    return 2 * count_moves(n - 1) + 1
print(count_moves(20), 2 ** 20 - 1, count_moves(64))
