# tpy-test: strict-stderr
while True:
    try:
        pass
    except* ValueError:
        continue
