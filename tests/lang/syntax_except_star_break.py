# tpy-test: strict-stderr
for i in range(3):
    try:
        pass
    except* ValueError:
        break
