# A coding declaration in source given as a str is a plain comment (the
# text is already decoded); in bytes it names the encoding.
for src in ["# -*- coding: uft-8 -*-\nx = 1\n",
            "# coding: latin-1\nx = 'caf\xe9'\n",
            "#!/usr/bin/env python\n# vim: set fileencoding=no-such-codec :\nx = 3\n"]:
    ns = {}
    exec(compile(src, "<str>", "exec"), ns)
    print(ascii(ns["x"]))
    ns = {}
    exec(src, ns)
    print(ascii(ns["x"]))
print(eval("# coding: bogus\n42"))
ns = {}
exec(compile(b"# coding: latin-1\nx = 'caf\xe9'\n", "<bytes>", "exec"), ns)
print(ascii(ns["x"]))
