# go: Monte Carlo tree search for the game of Go on a 9x9 board, in the
# object-oriented style of the classic benchmark (own code). Many small
# objects: a Square per point with its neighbour list, a Group object built
# by flood fill for every capture and suicide test, a set-backed pool of
# empty points, tree Node objects with their statistics. Playouts are random
# legal moves that do not fill the player's own eyes, from the program's own
# pseudo-random generator; the search is UCT. The checksum covers the chosen
# moves, the visit counts and the number of moves played in the playouts.
import math
import sys

N = 30                     # playouts per search
if len(sys.argv) > 1:
    N = int(sys.argv[1])

SIZE = 9
EMPTY = 0
BLACK = 1
WHITE = 2
KOMI = 7.5
PASS = -1
MAX_MOVES = SIZE * SIZE * 3


def other(color):
    return 3 - color


class Rng:
    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


class Square:
    def __init__(self, pos):
        self.pos = pos
        self.color = EMPTY
        self.neighbours = []


class Group:
    """The stones connected to one square and the liberties around them."""

    def __init__(self, start):
        self.color = start.color
        self.stones = [start]
        self.liberties = set()
        seen = {start.pos}
        i = 0
        while i < len(self.stones):
            sq = self.stones[i]
            i += 1
            for nb in sq.neighbours:
                if nb.color == EMPTY:
                    self.liberties.add(nb.pos)
                elif nb.color == self.color and nb.pos not in seen:
                    seen.add(nb.pos)
                    self.stones.append(nb)


class EmptyPool:
    """The empty points, for O(1) random choice, removal and insertion."""

    def __init__(self, count):
        self.items = list(range(count))
        self.index = list(range(count))

    def remove(self, pos):
        i = self.index[pos]
        last = self.items.pop()
        if last != pos:
            self.items[i] = last
            self.index[last] = i

    def add(self, pos):
        self.index[pos] = len(self.items)
        self.items.append(pos)


class Board:
    def __init__(self):
        self.squares = [Square(p) for p in range(SIZE * SIZE)]
        for sq in self.squares:
            x = sq.pos % SIZE
            y = sq.pos // SIZE
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx = x + dx
                ny = y + dy
                if 0 <= nx < SIZE and 0 <= ny < SIZE:
                    sq.neighbours.append(self.squares[ny * SIZE + nx])
        self.reset()

    def reset(self):
        for sq in self.squares:
            sq.color = EMPTY
        self.empty = EmptyPool(SIZE * SIZE)
        self.to_move = BLACK
        self.ko = PASS
        self.passes = 0
        self.moves = 0
        self.captured = 0

    def is_eye(self, sq, color):
        for nb in sq.neighbours:
            if nb.color != color:
                return False
        return True

    def legal(self, pos):
        if pos == PASS:
            return True
        sq = self.squares[pos]
        if sq.color != EMPTY or pos == self.ko:
            return False
        color = self.to_move
        for nb in sq.neighbours:
            if nb.color == EMPTY:
                return True
        # no empty neighbour: legal only if it captures, or joins a group
        # that keeps another liberty
        sq.color = color
        ok = False
        for nb in sq.neighbours:
            g = Group(nb)
            if nb.color == color:
                if len(g.liberties) > 0:
                    ok = True
            elif len(g.liberties) == 0:
                ok = True
            if ok:
                break
        sq.color = EMPTY
        return ok

    def play(self, pos):
        color = self.to_move
        self.moves += 1
        self.to_move = other(color)
        if pos == PASS:
            self.passes += 1
            self.ko = PASS
            return
        self.passes = 0
        sq = self.squares[pos]
        sq.color = color
        self.empty.remove(pos)
        taken = []
        for nb in sq.neighbours:
            if nb.color == other(color):
                g = Group(nb)
                if not g.liberties:
                    for stone in g.stones:
                        stone.color = EMPTY
                        self.empty.add(stone.pos)
                        taken.append(stone.pos)
        self.captured += len(taken)
        # a single capture by a lone stone that is left in atari is a ko
        if len(taken) == 1 and len(Group(sq).liberties) == 1:
            self.ko = taken[0]
        else:
            self.ko = PASS

    def random_move(self, rng):
        items = self.empty.items
        n = len(items)
        if n == 0:
            return PASS
        start = rng.below(n)
        for k in range(n):
            pos = items[(start + k) % n]
            if not self.is_eye(self.squares[pos], self.to_move) and self.legal(pos):
                return pos
        return PASS

    def score(self, color):
        """Area score of `color`, komi counted for white."""
        total = 0.0
        if color == WHITE:
            total = KOMI
        for sq in self.squares:
            if sq.color == color:
                total += 1
            elif sq.color == EMPTY:
                mine = 0
                theirs = 0
                for nb in sq.neighbours:
                    if nb.color == color:
                        mine += 1
                    elif nb.color != EMPTY:
                        theirs += 1
                if mine and not theirs:
                    total += 1
        return total

    def replay(self, history):
        self.reset()
        for pos in history:
            self.play(pos)


class Node:
    def __init__(self, move, parent, player):
        self.move = move
        self.parent = parent
        self.player = player          # who played `move`
        self.children = []
        self.untried = None
        self.visits = 0
        self.wins = 0

    def best_child(self):
        log_n = math.log(self.visits)
        best = None
        best_value = -1.0
        for c in self.children:
            value = c.wins / c.visits + 0.9 * math.sqrt(log_n / c.visits)
            if value > best_value:
                best = c
                best_value = value
        return best


class Searcher:
    def __init__(self, seed):
        self.rng = Rng(seed)
        self.board = Board()
        self.playout_moves = 0

    def candidates(self, board):
        moves = []
        for pos in board.empty.items:
            if not board.is_eye(board.squares[pos], board.to_move) and board.legal(pos):
                moves.append(pos)
        moves.sort()
        return moves

    def search(self, history, playouts):
        board = self.board
        board.replay(history)
        root = Node(PASS, None, other(board.to_move))
        for i in range(playouts):
            board.replay(history)
            node = root
            path = list(history)
            # selection
            while node.untried is not None and not node.untried and node.children:
                node = node.best_child()
                board.play(node.move)
                path.append(node.move)
            # expansion
            if node.untried is None:
                node.untried = self.candidates(board)
            if node.untried:
                move = node.untried.pop(self.rng.below(len(node.untried)))
                child = Node(move, node, board.to_move)
                node.children.append(child)
                board.play(move)
                node = child
            # playout
            while board.passes < 2 and board.moves < MAX_MOVES:
                board.play(board.random_move(self.rng))
                self.playout_moves += 1
            black_wins = board.score(BLACK) > board.score(WHITE)
            # backpropagation
            while node is not None:
                node.visits += 1
                if (node.player == BLACK) == black_wins:
                    node.wins += 1
                node = node.parent
        best = None
        for c in root.children:
            if best is None or c.visits > best.visits:
                best = c
        if best is None:
            return PASS, 0
        return best.move, best.visits


def bench():
    searcher = Searcher(20260)
    history = []
    chosen = []
    visits = 0
    for turn in range(4):
        move, v = searcher.search(history, N)
        history.append(move)
        chosen.append(move)
        visits += v
    return "moves %s visits %d playout_moves %d" % (
        " ".join(str(m) for m in chosen), visits, searcher.playout_moves)


if __name__ == "__main__":
    print(bench())
