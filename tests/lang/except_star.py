# try/except* with two clauses each handling part of a group (was in
# tests/unsupported: tpy rejected except*)
try:
    raise ExceptionGroup('eg', [ValueError(1), TypeError(2)])
except* ValueError as e:
    print('value', e.exceptions)
except* TypeError as e:
    print('type', e.exceptions)
