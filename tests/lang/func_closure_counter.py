def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get

inc, get = make_counter()
print(inc(), inc(), inc(5), get())
inc2, get2 = make_counter(100)
print(inc2(), get(), get2())
print(inc.__closure__ is not None, len(inc.__closure__))
print(type(inc.__closure__[0]).__name__)
print(inc.__closure__[0].cell_contents)
print(inc.__code__.co_freevars)
