print("never")
r = [x async for x in y]
