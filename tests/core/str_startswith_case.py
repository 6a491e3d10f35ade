# startswith/endswith (with tuples), case conversion.
s = 'Hello World'
print(s.startswith('Hello'), s.startswith('World'), s.startswith('World', 6), s.startswith('lo', 3, 5))
print(s.endswith('World'), s.endswith('Hello'), s.endswith('Hello', 0, 5), s.endswith(''))
print(s.startswith(('Hi', 'He')), s.startswith(('x', 'y')), s.endswith(('ld', 'zz')), s.endswith(()))
for name in ['photo.jpg', 'doc.PDF', 'song.mp3', 'notes.txt']:
    print(name, name.lower().endswith(('.jpg', '.pdf')))
for t in ['hello world', 'HELLO', "it's a dog's life", 'mIxEd CaSe 123', 'ß straße', 'o\'neil mc-donald']:
    print(repr(t.upper()), repr(t.lower()), repr(t.title()), repr(t.capitalize()), repr(t.swapcase()))
print('abc'.casefold(), 'ÉCOLE'.lower(), 'éa'.upper())
