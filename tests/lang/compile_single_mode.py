# compile(..., 'single'): a compound statement may end at the end of the input
for s in ["def f():\n  pass\n", "def f():\n  pass", "if 1:\n  x=1\nx=2\n", "if 1:\n  x=1\n\n", "if 1:\n  x=1\n  \n",
          "x=1\ny=2\n", "if 1:\n  x = 1\nelse:\n  x = 2\n", "\n", "", "for i in range(2): pass\n"]:
    try:
        compile(s, "<t>", "single")
        print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), e.msg)
fundef = "def f(%s):\n  pass\n" % ", ".join("i%d" % i for i in range(300))
compile(fundef, "<test>", "single")
print("300 parameters ok")
