def f(obj):
    return (obj.attr := 5)
