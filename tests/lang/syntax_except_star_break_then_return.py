# tpy-test: strict-stderr
# the break in the except* clause is reported, not the later return
for i in range(5):
    try:
        pass
    except* Exception:
        if i == 2:
            break
    finally:
        return 0
