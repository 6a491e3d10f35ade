# audioop: the DeprecationWarning of every import that creates the module
# (shown here by the default filter for __main__), an error under "error"
import sys
import audioop
print(audioop.max(b'\x01\xff', 1))
del sys.modules['audioop']
import warnings
with warnings.catch_warnings():
    warnings.simplefilter('error')
    try:
        import audioop
    except DeprecationWarning as e:
        print('DeprecationWarning', e)
    print('audioop' in sys.modules)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    import audioop
    print(len(w), w[0].category.__name__, w[0].message, w[0].filename == __file__, w[0].lineno)
    import audioop
    print(len(w))
print(audioop.minmax(b'\x01\xff', 1))
