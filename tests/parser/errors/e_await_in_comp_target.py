[x for await x in y]
