# text_process: dict- and str-heavy text processing (own code): a
# generated corpus of sentences is tokenized (lower, strip of punctuation,
# split), words and bigrams are counted in dicts, an inverted index maps
# each word to the documents holding it, documents are ranked for queries by
# a tf-idf-like score, words are normalized by suffix rules, and a report is
# rendered with a template by str.format, str.replace and joins. The
# checksum covers counts, rankings and the report's length and hash.
import sys

N = 5000                   # documents
if len(sys.argv) > 1:
    N = int(sys.argv[1])

WORDS = ("the quick brown fox jumps over lazy dog while seven wizards "
         "quietly hexed big jovial knights running walking talked "
         "happily sadly bright darkness windows doors reading writers "
         "computed computing interpreter interpreters traced tracing "
         "loops guards bridges compiled compiler objects classes").split()
PUNCT = ".,;:!?\"'()"
SUFFIXES = ("ings", "ing", "ers", "ed", "ly", "es", "s")


class Rng:
    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 33) % n


def make_corpus(rng, count):
    docs = []
    for d in range(count):
        sentences = []
        for s in range(4 + rng.below(4)):
            words = []
            for w in range(5 + rng.below(9)):
                word = WORDS[rng.below(len(WORDS))]
                k = rng.below(7)
                if k == 0:
                    word = word.capitalize()
                elif k == 1:
                    # rarer compound words make the dicts larger
                    word = "%s-%s" % (word, WORDS[rng.below(len(WORDS))])
                words.append(word)
            mark = ".!?;"[rng.below(4)]
            sentences.append(" ".join(words) + mark)
        if rng.below(3) == 0:
            sentences.append('"%s," said %s.' % (WORDS[rng.below(len(WORDS))].title(),
                                                WORDS[rng.below(len(WORDS))]))
        docs.append(" ".join(sentences))
    return docs


def tokenize(text):
    tokens = []
    for raw in text.split():
        word = raw.strip(PUNCT).lower()
        if word:
            tokens.append(word)
    return tokens


def stem(word):
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)]
    return word


class Index:
    def __init__(self):
        self.postings = {}        # stem -> {doc: count}
        self.word_counts = {}
        self.bigrams = {}
        self.doc_lengths = []

    def add(self, doc_id, text):
        tokens = tokenize(text)
        self.doc_lengths.append(len(tokens))
        prev = None
        for tok in tokens:
            self.word_counts[tok] = self.word_counts.get(tok, 0) + 1
            s = stem(tok)
            per_doc = self.postings.get(s)
            if per_doc is None:
                per_doc = {}
                self.postings[s] = per_doc
            per_doc[doc_id] = per_doc.get(doc_id, 0) + 1
            if prev is not None:
                key = prev + " " + tok
                if key in self.bigrams:
                    self.bigrams[key] += 1
                else:
                    self.bigrams[key] = 1
            prev = tok

    def rank(self, query, top):
        total_docs = len(self.doc_lengths)
        scores = {}
        for word in tokenize(query):
            per_doc = self.postings.get(stem(word), {})
            if not per_doc:
                continue
            # an integer idf keeps the ranking exact under every interpreter
            idf = (total_docs * 1000) // len(per_doc)
            for doc_id, tf in per_doc.items():
                scores[doc_id] = scores.get(doc_id, 0) + tf * idf // (self.doc_lengths[doc_id] + 10)
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:top]


TEMPLATE = "{rank:>3}. doc {doc:<5} score {score:>8} | {snippet}"


def report(index, docs, queries):
    out = []
    for q in queries:
        out.append("== query: %s ==" % q)
        for i, (doc_id, score) in enumerate(index.rank(q, 5)):
            snippet = docs[doc_id][:40].replace("  ", " ").replace('"', "'")
            out.append(TEMPLATE.format(rank=i + 1, doc=doc_id, score=score, snippet=snippet))
    return "\n".join(out)


def top_items(counts, n):
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]


def text_hash(text):
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) & 0xFFFFFFFF
    return h


def bench():
    rng = Rng(42)
    docs = make_corpus(rng, N)
    index = Index()
    for i, d in enumerate(docs):
        index.add(i, d)
    queries = ["quick fox", "interpreters tracing loops", "jovial knights walked",
               "compiled objects and classes", "dark windows", "writers reading"]
    text = report(index, docs, queries)
    words = top_items(index.word_counts, 5)
    pairs = top_items(index.bigrams, 3)
    lines = [
        "docs %d tokens %d distinct %d stems %d bigrams %d"
        % (len(docs), sum(index.doc_lengths), len(index.word_counts),
           len(index.postings), len(index.bigrams)),
        "top words " + ", ".join("%s=%d" % wc for wc in words),
        "top bigrams " + ", ".join("%s=%d" % wc for wc in pairs),
        "report lines %d chars %d hash %d" % (text.count("\n") + 1, len(text), text_hash(text)),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(bench())
