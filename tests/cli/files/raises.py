def f(d):
    return d["a"]["b"] + 1

print(f({"a": {"b": 1}}))
print(f({"a": {}}))
