# richards_lite: a small operating-system-style task scheduler in the
# spirit of the Richards benchmark (own design): an idle task, a worker,
# two handlers and two devices pass packets around through linked
# queues; tasks are scheduled by priority and dispatched through an
# overridden run() method (single inheritance only).
import sys

N = 380000
if len(sys.argv) > 1:
    N = int(sys.argv[1])

IDLE = 0
WORKER = 1
HANDLER_A = 2
HANDLER_B = 3
DEVICE_A = 4
DEVICE_B = 5
NTASKS = 6

KIND_WORK = 0
KIND_DEV = 1


class Packet:
    def __init__(self, link, owner, kind):
        self.link = link
        self.owner = owner
        self.kind = kind
        self.value = 0
        self.data = [0, 0, 0, 0]


def queue_append(head, pkt):
    pkt.link = None
    if head is None:
        return pkt
    p = head
    while p.link is not None:
        p = p.link
    p.link = pkt
    return head


class Scheduler:
    def __init__(self):
        self.tasks = [None] * NTASKS
        self.head = None
        self.current = None
        self.sends = 0
        self.holds = 0
        self.releases = 0
        self.steps = 0

    def add(self, task):
        # keep the task list sorted by descending priority
        self.tasks[task.ident] = task
        if self.head is None or task.prio > self.head.prio:
            task.next = self.head
            self.head = task
            return
        p = self.head
        while p.next is not None and p.next.prio >= task.prio:
            p = p.next
        task.next = p.next
        p.next = task

    def run(self):
        t = self.head
        while t is not None:
            if t.ready():
                self.current = t
                self.steps += 1
                t = t.step()
            else:
                t = t.next

    def wait(self):
        self.current.waiting = True
        return self.current

    def hold(self):
        self.holds += 1
        self.current.held = True
        return self.current.next

    def release(self, ident):
        self.releases += 1
        t = self.tasks[ident]
        t.held = False
        if t.prio > self.current.prio:
            return t
        return self.current

    def send(self, pkt, ident):
        self.sends += 1
        t = self.tasks[ident]
        pkt.owner = self.current.ident
        t.queue = queue_append(t.queue, pkt)
        if t.prio > self.current.prio and t.ready():
            return t
        return self.current


class Task:
    def __init__(self, sched, ident, prio, queue):
        self.sched = sched
        self.ident = ident
        self.prio = prio
        self.queue = queue
        self.waiting = True
        self.held = False
        self.next = None
        sched.add(self)

    def ready(self):
        if self.held:
            return False
        return self.queue is not None or not self.waiting

    def step(self):
        pkt = self.queue
        if pkt is not None:
            self.queue = pkt.link
        self.waiting = False
        return self.run(pkt)

    def run(self, pkt):
        return self.sched.wait()


class IdleTask(Task):
    def __init__(self, sched, count):
        super().__init__(sched, IDLE, 0, None)
        self.waiting = False
        self.count = count
        self.seed = 1

    def run(self, pkt):
        self.count -= 1
        if self.count == 0:
            return self.sched.hold()
        if self.seed & 1 == 0:
            self.seed = self.seed >> 1
            return self.sched.release(DEVICE_A)
        self.seed = (self.seed >> 1) ^ 0xD008
        return self.sched.release(DEVICE_B)


class WorkerTask(Task):
    def __init__(self, sched, queue):
        super().__init__(sched, WORKER, 1000, queue)
        self.dest = HANDLER_A
        self.letter = 0
        self.made = 0

    def run(self, pkt):
        if pkt is None:
            return self.sched.wait()
        if self.dest == HANDLER_A:
            self.dest = HANDLER_B
        else:
            self.dest = HANDLER_A
        pkt.value = 0
        data = pkt.data
        for i in range(4):
            self.letter += 1
            if self.letter > 26:
                self.letter = 1
            data[i] = self.letter
        self.made += 1
        return self.sched.send(pkt, self.dest)


class HandlerTask(Task):
    def __init__(self, sched, ident, prio, queue, device):
        super().__init__(sched, ident, prio, queue)
        self.device = device
        self.work = None
        self.devs = None
        self.done = 0

    def run(self, pkt):
        if pkt is not None:
            if pkt.kind == KIND_WORK:
                self.work = queue_append(self.work, pkt)
            else:
                self.devs = queue_append(self.devs, pkt)
        w = self.work
        if w is not None:
            if w.value >= 4:
                self.work = w.link
                self.done += 1
                return self.sched.send(w, WORKER)
            d = self.devs
            if d is not None:
                self.devs = d.link
                d.value = w.data[w.value]
                w.value += 1
                return self.sched.send(d, self.device)
        return self.sched.wait()


class DeviceTask(Task):
    def __init__(self, sched, ident, prio):
        super().__init__(sched, ident, prio, None)
        self.inbox = None
        self.checksum = 0

    def run(self, pkt):
        if pkt is not None:
            self.inbox = queue_append(self.inbox, pkt)
            self.checksum = (self.checksum * 7 + pkt.value) % 1000003
            return self.sched.hold()
        p = self.inbox
        if p is None:
            return self.sched.wait()
        self.inbox = p.link
        return self.sched.send(p, p.owner)


def make_queue(count, owner, kind):
    head = None
    for i in range(count):
        head = Packet(head, owner, kind)
    return head


def bench():
    report = []
    sched = Scheduler()
    IdleTask(sched, N)
    WorkerTask(sched, make_queue(2, WORKER, KIND_WORK))
    HandlerTask(sched, HANDLER_A, 2000, make_queue(3, DEVICE_A, KIND_DEV),
                DEVICE_A)
    HandlerTask(sched, HANDLER_B, 3000, make_queue(3, DEVICE_B, KIND_DEV),
                DEVICE_B)
    DeviceTask(sched, DEVICE_A, 4000)
    DeviceTask(sched, DEVICE_B, 5000)
    sched.run()
    t = sched.tasks
    report.append("steps %s sends %s holds %s releases %s"
                  % (sched.steps, sched.sends, sched.holds, sched.releases))
    report.append("worker %s %s handlers %s %s"
                  % (t[WORKER].made, t[WORKER].letter, t[HANDLER_A].done,
                     t[HANDLER_B].done))
    report.append("devices %s %s" % (t[DEVICE_A].checksum, t[DEVICE_B].checksum))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
