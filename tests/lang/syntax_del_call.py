def f(): pass
del f()
