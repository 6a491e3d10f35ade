# A seeded bank-queue simulation using random, deque, namedtuple, Counter.
import random
from collections import deque, namedtuple, Counter

Customer = namedtuple('Customer', 'id arrival service')
rng = random.Random(31337)
queue = deque()
served = []
waits = Counter()
clock = 0.0
next_id = 0
teller_free_at = 0.0
for step in range(2000):
    clock += rng.expovariate(1.0)
    queue.append(Customer(next_id, clock, rng.uniform(0.5, 1.5)))
    next_id += 1
    while queue and teller_free_at <= clock:
        c = queue.popleft()
        start = max(teller_free_at, c.arrival)
        teller_free_at = start + c.service
        wait = start - c.arrival
        waits[int(wait)] += 1
        served.append(c._replace(service=round(c.service, 3)))
print(len(served), len(queue), round(clock, 6), round(teller_free_at, 6))
print(sorted(waits.items())[:10])
print(waits.most_common(3))
print(served[:2], served[-1].id)
tellers = ['t%d' % i for i in range(4)]
assign = Counter(rng.choice(tellers) for _ in range(1000))
print(sorted(assign.items()))
sample = rng.sample(served, 3)
print([c.id for c in sample], rng.choices([c.id for c in served[:10]], k=5))
