print("clipkg imported")
