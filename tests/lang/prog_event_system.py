class EventBus:
    def __init__(self):
        self.handlers = {}
    def on(self, event):
        def deco(fn):
            self.handlers.setdefault(event, []).append(fn)
            return fn
        return deco
    def emit(self, event, *args, **kw):
        results = []
        for h in self.handlers.get(event, []):
            try:
                results.append(h(*args, **kw))
            except Exception as e:
                results.append('%s: %s' % (type(e).__name__, e))
        return results
bus = EventBus()
state = {'count': 0}
@bus.on('add')
def add_handler(n):
    state['count'] += n
    return state['count']
@bus.on('add')
def log_handler(n):
    return 'logged %d' % n
@bus.on('fail')
def failing(x):
    return 10 / x
print(bus.emit('add', 5), bus.emit('add', n=2), bus.emit('fail', 0), bus.emit('none'))
print(state)
def make_pipeline(*stages):
    def run(value):
        for stage in stages:
            value = stage(value)
        return value
    return run
pipe = make_pipeline(str.strip, str.lower, lambda s: s.replace(' ', '_'), lambda s: s[:10])
print(pipe('  Hello Big World  '))
class Observable:
    def __init__(self):
        self._observers = []
        self._value = None
    def subscribe(self, fn):
        self._observers.append(fn)
        return lambda: self._observers.remove(fn)
    @property
    def value(self):
        return self._value
    @value.setter
    def value(self, v):
        old, self._value = self._value, v
        for fn in list(self._observers):
            fn(old, v)
o = Observable()
seen = []
unsub = o.subscribe(lambda a, b: seen.append((a, b)))
o.value = 1
o.value = 2
unsub()
o.value = 3
print(seen, o.value)
