# richards_super: Martin Richards' operating-system simulation (an idle
# task, a worker, two handlers and two devices trading packets under a
# priority scheduler), written in our own code in the object-oriented style
# of the classic benchmark, where every layer of the task class hierarchy
# reaches its parent through super(): constructors, the per-run hook, the
# state changes (wait, hold, release) and the packet queueing. The checksum
# is the scheduler's counts of queued packets and holds, which Richards'
# original defines for each idle count.
import sys

N = 10                     # scheduler runs
if len(sys.argv) > 1:
    N = int(sys.argv[1])

IDLE_COUNT = 10000

ID_IDLE = 0
ID_WORKER = 1
ID_HANDLER_A = 2
ID_HANDLER_B = 3
ID_DEVICE_A = 4
ID_DEVICE_B = 5
TASK_COUNT = 6

KIND_DEVICE = 0
KIND_WORK = 1

BUFFER_SIZE = 4


class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFFER_SIZE

    def append_to(self, queue):
        """Append self at the end of the queue `queue`; return its head."""
        self.link = None
        if queue is None:
            return self
        p = queue
        while p.link is not None:
            p = p.link
        p.link = self
        return queue


class TaskState:
    """The three flags of a task: a packet in its input queue, waiting for
    a packet, held. A task runs unless it is held, or waits with an empty
    queue."""

    def __init__(self):
        self.packet_pending = True
        self.task_waiting = False
        self.task_holding = False

    def packet_arrived(self):
        self.packet_pending = True
        return self

    def set_waiting(self):
        self.task_waiting = True
        return self

    def set_ready(self):
        self.packet_pending = True
        self.task_waiting = False
        self.task_holding = False
        return self

    def set_running(self):
        self.packet_pending = False
        self.task_waiting = False
        return self

    def set_held(self, held):
        self.task_holding = held
        return self

    def is_held_or_suspended(self):
        return self.task_holding or (not self.packet_pending and self.task_waiting)

    def is_waiting_with_packet(self):
        return self.packet_pending and self.task_waiting and not self.task_holding


class Task(TaskState):
    def __init__(self, scheduler, ident, priority, queue):
        super().__init__()
        self.scheduler = scheduler
        self.ident = ident
        self.priority = priority
        self.input = queue
        self.runs = 0
        # a task starts waiting, for its first packet if it has one
        self.packet_pending = queue is not None
        self.set_waiting()
        scheduler.add_task(self)

    def run(self, pkt):
        """Per-run bookkeeping; every subclass calls it through super()."""
        self.runs += 1
        return None

    def step(self):
        if self.is_waiting_with_packet():
            pkt = self.input
            self.input = pkt.link
            if self.input is None:
                self.set_running()
            else:
                self.set_ready()
        else:
            pkt = None
        return self.run(pkt)

    def take_packet(self, pkt, sender):
        """Queue pkt for this task; return the task to run next."""
        if self.input is None:
            self.input = pkt
            self.packet_arrived()
            if self.priority > sender.priority:
                return self
        else:
            self.input = pkt.append_to(self.input)
        return sender

    def wait(self):
        self.set_waiting()
        return self

    def hold(self):
        self.scheduler.hold_count += 1
        self.set_held(True)
        return self.next

    def release(self, ident):
        t = self.scheduler.tasks[ident]
        t.set_held(False)
        if t.priority > self.priority:
            return t
        return self

    def send(self, pkt):
        t = self.scheduler.tasks[pkt.ident]
        self.scheduler.queued += 1
        pkt.link = None
        pkt.ident = self.ident
        return t.take_packet(pkt, self)


class IdleTask(Task):
    def __init__(self, scheduler, ident, priority, count):
        super().__init__(scheduler, ident, priority, None)
        self.control = 1
        self.count = count
        self.set_running()

    def run(self, pkt):
        super().run(pkt)
        self.count -= 1
        if self.count == 0:
            return self.hold()
        if self.control & 1 == 0:
            self.control >>= 1
            return self.release(ID_DEVICE_A)
        self.control = (self.control >> 1) ^ 0xD008
        return self.release(ID_DEVICE_B)


class WorkerTask(Task):
    def __init__(self, scheduler, ident, priority, queue):
        super().__init__(scheduler, ident, priority, queue)
        self.destination = ID_HANDLER_A
        self.count = 0

    def run(self, pkt):
        super().run(pkt)
        if pkt is None:
            return self.wait()
        if self.destination == ID_HANDLER_A:
            self.destination = ID_HANDLER_B
        else:
            self.destination = ID_HANDLER_A
        pkt.ident = self.destination
        pkt.datum = 0
        for i in range(BUFFER_SIZE):
            self.count += 1
            if self.count > 26:
                self.count = 1
            pkt.data[i] = 64 + self.count
        return self.send(pkt)


class HandlerTask(Task):
    def __init__(self, scheduler, ident, priority, queue):
        super().__init__(scheduler, ident, priority, queue)
        self.work_in = None
        self.device_in = None

    def run(self, pkt):
        super().run(pkt)
        if pkt is not None:
            if pkt.kind == KIND_WORK:
                self.work_in = pkt.append_to(self.work_in)
            else:
                self.device_in = pkt.append_to(self.device_in)
        work = self.work_in
        if work is not None:
            n = work.datum
            if n >= BUFFER_SIZE:
                self.work_in = work.link
                return self.send(work)
            dev = self.device_in
            if dev is not None:
                self.device_in = dev.link
                dev.datum = work.data[n]
                work.datum = n + 1
                return self.send(dev)
        return self.wait()


class DeviceTask(Task):
    def __init__(self, scheduler, ident, priority):
        super().__init__(scheduler, ident, priority, None)
        self.pending = None
        self.checksum = 0
        self.holds = 0

    def run(self, pkt):
        super().run(pkt)
        if pkt is None:
            pending = self.pending
            if pending is None:
                return self.wait()
            self.pending = None
            return self.send(pending)
        self.pending = pkt
        self.checksum = (self.checksum * 3 + pkt.datum) % 65521
        return self.hold()

    def hold(self):
        # devices count their own holds on top of the scheduler's
        self.holds += 1
        return super().hold()


class Scheduler:
    def __init__(self):
        self.tasks = [None] * TASK_COUNT
        self.task_list = None
        self.queued = 0
        self.hold_count = 0

    def add_task(self, task):
        self.tasks[task.ident] = task
        task.next = self.task_list
        self.task_list = task

    def schedule(self):
        t = self.task_list
        while t is not None:
            if t.is_held_or_suspended():
                t = t.next
            else:
                t = t.step()


def make_queue(count, ident, kind):
    head = None
    for i in range(count):
        head = Packet(head, ident, kind)
    return head


def run_once():
    s = Scheduler()
    IdleTask(s, ID_IDLE, 0, IDLE_COUNT)
    WorkerTask(s, ID_WORKER, 1000, make_queue(2, ID_WORKER, KIND_WORK))
    HandlerTask(s, ID_HANDLER_A, 2000, make_queue(3, ID_DEVICE_A, KIND_DEVICE))
    HandlerTask(s, ID_HANDLER_B, 3000, make_queue(3, ID_DEVICE_B, KIND_DEVICE))
    DeviceTask(s, ID_DEVICE_A, 4000)
    DeviceTask(s, ID_DEVICE_B, 5000)
    s.schedule()
    runs = 0
    for t in s.tasks:
        runs += t.runs
    devices = s.tasks[ID_DEVICE_A].checksum * 65536 + s.tasks[ID_DEVICE_B].checksum
    return s.queued, s.hold_count, runs, devices


def bench():
    queued = holds = runs = devices = 0
    for i in range(N):
        q, h, r, d = run_once()
        # Richards' own check for an idle count of 10000
        if q != 23246 or h != 9297:
            raise RuntimeError("wrong result: queued %d holds %d" % (q, h))
        queued += q
        holds += h
        runs += r
        devices = (devices * 31 + d) % 1000000007
    return "queued %d holds %d runs %d devices %d" % (queued, holds, runs, devices)


if __name__ == "__main__":
    print(bench())
