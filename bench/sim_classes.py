# sim_classes: a class-heavy discrete-event simulation of a small shop.
# Several classes with single inheritance, super().__init__, method
# overriding and polymorphic calls; a hand-written binary heap is the
# event queue.
import sys

N = 115000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


class Rng:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state

    def below(self, n):
        return self.next() // 65536 % n


class EventQueue:
    # binary min-heap of (time, seq, event) tuples
    def __init__(self):
        self.items = []
        self.seq = 0

    def push(self, time, event):
        self.seq += 1
        items = self.items
        items.append((time, self.seq, event))
        i = len(items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if items[parent] <= items[i]:
                break
            items[parent], items[i] = items[i], items[parent]
            i = parent

    def pop(self):
        items = self.items
        top = items[0]
        last = items.pop()
        if items:
            items[0] = last
            n = len(items)
            i = 0
            while True:
                left = 2 * i + 1
                if left >= n:
                    break
                child = left
                right = left + 1
                if right < n and items[right] < items[left]:
                    child = right
                if items[i] <= items[child]:
                    break
                items[i], items[child] = items[child], items[i]
                i = child
        return top

    def size(self):
        return len(self.items)


class Customer:
    kind = "customer"

    def __init__(self, ident, arrival, items):
        self.ident = ident
        self.arrival = arrival
        self.items = items

    def service_time(self):
        return 2 + self.items * 3

    def patience(self):
        return 40

    def pay(self, price):
        return price * self.items

    def describe(self):
        return "%s#%d" % (self.kind, self.ident)


class Regular(Customer):
    kind = "regular"


class Member(Customer):
    kind = "member"

    def __init__(self, ident, arrival, items, points):
        super().__init__(ident, arrival, items)
        self.points = points

    def pay(self, price):
        full = Customer.pay(self, price)
        discount = full // 10
        self.points += full // 20
        return full - discount

    def patience(self):
        return 60


class Rush(Customer):
    kind = "rush"

    def service_time(self):
        return 1 + self.items * 2

    def patience(self):
        return 15


class Counter:
    def __init__(self, ident):
        self.ident = ident
        self.queue = []
        self.busy_until = 0
        self.served = 0
        self.revenue = 0

    def speed(self, base):
        return base

    def price(self):
        return 5

    def accepts(self, customer):
        return True

    def load(self):
        return len(self.queue)


class ExpressCounter(Counter):
    def speed(self, base):
        return base // 2 + 1

    def price(self):
        return 6

    def accepts(self, customer):
        return customer.items <= 5


class SelfCheckout(Counter):
    def speed(self, base):
        return base + 2

    def price(self):
        return 4

    def load(self):
        return Counter.load(self) + 1


class Event:
    def __init__(self, time):
        self.time = time

    def fire(self, shop):
        return 0


class Arrival(Event):
    def __init__(self, time, customer):
        super().__init__(time)
        self.customer = customer

    def fire(self, shop):
        shop.arrive(self.customer, self.time)
        return 1


class Departure(Event):
    def __init__(self, time, counter):
        super().__init__(time)
        self.counter = counter

    def fire(self, shop):
        shop.finish(self.counter, self.time)
        return 2


class Shop:
    def __init__(self, rng):
        self.rng = rng
        self.events = EventQueue()
        self.counters = [Counter(0), Counter(1), ExpressCounter(2),
                         SelfCheckout(3), SelfCheckout(4)]
        self.lost = 0
        self.waits = 0
        self.log_hash = 0

    def choose(self, customer):
        best = None
        best_load = 1000000
        for c in self.counters:
            if c.accepts(customer):
                l = c.load()
                if l < best_load:
                    best = c
                    best_load = l
        return best

    def arrive(self, customer, now):
        c = self.choose(customer)
        if c.load() * 6 > customer.patience():
            self.lost += 1
            return
        c.queue.append(customer)
        if len(c.queue) == 1:
            self.start(c, now)

    def start(self, counter, now):
        cust = counter.queue[0]
        self.waits += now - cust.arrival
        dt = counter.speed(cust.service_time())
        counter.busy_until = now + dt
        self.events.push(now + dt, Departure(now + dt, counter))

    def finish(self, counter, now):
        cust = counter.queue.pop(0)
        counter.served += 1
        counter.revenue += cust.pay(counter.price())
        h = len(cust.describe()) * 31 + counter.ident
        self.log_hash = (self.log_hash * 131 + h) % 1000000007
        if counter.queue:
            self.start(counter, now)

    def run(self, n):
        t = 0
        for i in range(n):
            t += self.rng.below(5)
            k = self.rng.below(10)
            items = 1 + self.rng.below(12)
            if k < 5:
                c = Regular(i, t, items)
            elif k < 8:
                c = Member(i, t, items, 0)
            else:
                c = Rush(i, t, items)
            self.events.push(t, Arrival(t, c))
        fired = 0
        while self.events.size() > 0:
            time, seq, ev = self.events.pop()
            fired += ev.fire(self)
        return fired


def bench():
    report = []
    shop = Shop(Rng(42))
    fired = shop.run(N)
    report.append("fired %s lost %s waits %s" % (fired, shop.lost, shop.waits))
    for c in shop.counters:
        report.append("%s %s %s" % (c.ident, c.served, c.revenue))
    report.append("hash %s" % (shop.log_hash,))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
