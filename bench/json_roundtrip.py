# json_roundtrip: json.dumps and json.loads of a generated nested document
# (dicts, lists, strings with escapes and non-ASCII text, ints, floats,
# booleans, None) with the default separators, indent, sort_keys and
# ensure_ascii=False, plus many small documents.
import json
import sys

N = 2500
if len(sys.argv) > 1:
    N = int(sys.argv[1])

NAMES = ["Ada", "Grace", "Linus", "Guido", "Barbara", "Ken", "Dennis",
         "Fran\u00e7oise", "J\u00fcrgen", "\u0110or\u0111e", "\u674e\u96f7",
         "Zo\u00eb \"Z\" O'Neil", "tab\there", "line\nbreak", "back\\slash"]


def make_doc(n):
    seed = 4242
    people = []
    for i in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        name = NAMES[seed % len(NAMES)]
        tags = []
        for j in range(seed % 6):
            tags.append("tag%d" % ((seed >> j) % 50))
        scores = []
        for j in range(1 + seed % 8):
            scores.append(((seed >> j) % 10000) / 64.0 - 20.5)
        people.append({
            "id": i,
            "name": name,
            "email": "user%d@example.com" % i,
            "active": seed % 3 == 0,
            "manager": None if seed % 5 else i // 2,
            "balance": (seed % 1000003) * 0.01,
            "big": seed * 1000003 * 1000003,
            "tags": tags,
            "scores": scores,
            "address": {"street": "%d Main St" % (seed % 999),
                        "city": NAMES[(seed >> 4) % len(NAMES)],
                        "zip": "%05d" % (seed % 100000),
                        "geo": [seed % 180 - 90.25, seed % 360 - 180.5]},
        })
    return {"version": 3, "title": "people \u2603 export", "count": n,
            "people": people, "empty": {}, "none": [], "flags": [True, False]}


def checksum(s):
    # cheap and order-dependent: length plus a few samples
    step = max(1, len(s) // 64)
    acc = len(s)
    for i in range(0, len(s), step):
        acc = (acc * 31 + ord(s[i])) % 1000000007
    return acc


def bench():
    report = []
    doc = make_doc(N)
    out = []
    for rep in range(6):
        s1 = json.dumps(doc)
        s2 = json.dumps(doc, indent=2, sort_keys=True)
        s3 = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        d1 = json.loads(s1)
        d2 = json.loads(s2)
        d3 = json.loads(s3)
        out = [checksum(s1), checksum(s2), checksum(s3),
               d1 == doc, d2 == doc, d3 == doc]
    report.append("dumps %s %s %s" % (out[0], out[1], out[2]))
    report.append("roundtrip %s %s %s" % (out[3], out[4], out[5]))
    small = 0
    for i in range(N * 20):
        p = doc["people"][i % N]
        t = json.dumps(p["address"])
        small += len(t) + len(json.loads(t)["zip"])
        small += len(json.dumps(p["scores"])) + json.loads("[%d, 2.5]" % i)[0]
    report.append("small %s" % (small,))
    back = json.loads(json.dumps(doc))
    report.append("sample %s %s %s %s" % (back["people"][7]["name"],
                                          back["people"][N - 1]["balance"],
                                          back["title"], len(back["people"])))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
