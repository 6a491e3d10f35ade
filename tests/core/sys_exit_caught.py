# SystemExit can be caught; finally blocks run on the way out.
import sys
try:
    sys.exit(7)
except SystemExit as e:
    print('caught SystemExit with code', e.code)
try:
    sys.exit('msg')
except SystemExit as e:
    print('code is the message:', repr(e.code))
try:
    sys.exit()
except SystemExit as e:
    print('no argument gives', e.code)
try:
    raise SystemExit
except BaseException as e:
    print('BaseException catches', type(e).__name__)
try:
    sys.exit(1)
except Exception:
    print('not caught by Exception')
except SystemExit:
    print('SystemExit is not an Exception')

def cleanup():
    try:
        sys.exit(4)
    finally:
        print('finally runs during exit')

cleanup()
print('not reached')
