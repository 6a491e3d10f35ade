x = 1
await x
