# A deterministic queue simulation with a linear congruential generator.
class LCG:
    def __init__(self, seed):
        self.state = seed
    def next(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (2 ** 64)
        return self.state >> 33
    def randint(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)

class Customer:
    def __init__(self, cid, arrival, service):
        self.cid = cid
        self.arrival = arrival
        self.service = service

rng = LCG(2024)
queue = []
served = []
clock = 0
busy_until = 0
current = None
next_id = 1
for tick in range(200):
    if rng.randint(1, 10) <= 3:
        queue.append(Customer(next_id, tick, rng.randint(1, 6)))
        next_id += 1
    if current is not None and tick >= busy_until:
        served.append((current.cid, current.arrival, tick))
        current = None
    if current is None and queue:
        current = queue.pop(0)
        busy_until = tick + current.service
print('arrived', next_id - 1, 'served', len(served), 'waiting', len(queue))
waits = []
for cid, arrival, done in served:
    waits.append(done - arrival)
print('first ten served:', served[:10])
print('max wait', max(waits), 'min wait', min(waits), 'avg wait %.3f' % (sum(waits) / len(waits)))
hist = {}
for w in waits:
    bucket = w // 5 * 5
    hist[bucket] = hist.get(bucket, 0) + 1
for b in sorted(hist):
    print(str(b).rjust(3), '-', str(b + 4).rjust(3), '#' * hist[b])
