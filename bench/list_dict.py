# list_dict: list and dict work - append, indexing, slicing-free loops,
# dict counting and lookups, membership tests, sorting small lists.
import sys

N = 1700000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def make_data(n):
    data = []
    x = 7
    for i in range(n):
        x = (x * 75 + 74) % 65537
        data.append(x % 1000)
    return data


def count_values(data):
    counts = {}
    for v in data:
        if v in counts:
            counts[v] += 1
        else:
            counts[v] = 1
    return counts


def count_pairs(data):
    pairs = {}
    for i in range(len(data) - 1):
        key = (data[i] % 10, data[i + 1] % 10)
        pairs[key] = pairs.get(key, 0) + 1
    return pairs


def window_sums(data, w):
    out = []
    s = 0
    for i in range(len(data)):
        s += data[i]
        if i >= w:
            s -= data[i - w]
        out.append(s)
    return out


def sort_chunks(data, size):
    total = 0
    i = 0
    while i + size <= len(data):
        chunk = []
        for j in range(i, i + size):
            chunk.append(data[j])
        chunk.sort()
        total += chunk[size // 2] * (i % 7 + 1)
        chunk2 = sorted(chunk, reverse=True)
        total += chunk2[0] - chunk2[-1]
        i += size
    return total


def index_tables(n):
    names = {}
    ids = []
    for i in range(n // 10):
        key = "k" + str(i % 500)
        if key not in names:
            names[key] = len(ids)
            ids.append(key)
    hits = 0
    for i in range(n):
        key = ids[i % len(ids)]
        hits += names[key]
    return len(names), hits


def matrix(n):
    rows = []
    for i in range(n):
        row = []
        for j in range(n):
            row.append((i * j) % 17)
        rows.append(row)
    s = 0
    for i in range(n):
        for j in range(n):
            s += rows[i][j] * rows[j][i]
    return s


def bench():
    report = []
    data = make_data(N)
    counts = count_values(data)
    keys = sorted(counts)
    best = 0
    best_k = -1
    for k in keys:
        if counts[k] > best:
            best = counts[k]
            best_k = k
    report.append("counts %s %s %s" % (len(counts), best_k, best))
    pairs = count_pairs(data)
    report.append("pairs %s %s" % (len(pairs), pairs[(3, 4)]))
    ws = window_sums(data, 50)
    report.append("window %s %s" % (sum(ws) % 1000003, max(ws)))
    report.append("chunks %s" % (sort_chunks(data, 9),))
    report.append("index %s" % (index_tables(N),))
    report.append("matrix %s" % (matrix(N // 2000),))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
