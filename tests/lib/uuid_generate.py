# _uuid on libuuid: generate_time_safe() makes version 1 (time-based) UUIDs;
# uuid.uuid1() uses it. Printed: properties, not the random values.
import _uuid
import uuid

print(sorted(n for n in dir(_uuid) if n != '__file__'), _uuid.__doc__)
print(_uuid.has_uuid_generate_time_safe)
seen = set()
for i in range(50):
    b, safe = _uuid.generate_time_safe()
    assert type(b) is bytes and len(b) == 16, b
    assert safe in (0, -1), safe
    u = uuid.UUID(bytes=b)
    assert u.version == 1 and u.variant == uuid.RFC_4122, u
    seen.add(b)
print(type(b).__name__, len(b), type(safe).__name__, len(seen))

# uuid1() goes through it (is_safe as SafeUUID)
print(uuid._generate_time_safe is not None)
u1, u2 = uuid.uuid1(), uuid.uuid1()
print(u1.version, u1.variant, u1 != u2, u1.is_safe in (uuid.SafeUUID.safe, uuid.SafeUUID.unsafe))
print(uuid.uuid1(node=0x123456789abc, clock_seq=0x1234).node == 0x123456789abc)
t1, t2 = uuid.uuid1().time, uuid.uuid1().time
print(t1 <= t2)

for call in (lambda: _uuid.generate_time_safe(1), lambda: _uuid.generate_time_safe(x=1)):
    try:
        call()
    except TypeError as e:
        print('TypeError', e)
