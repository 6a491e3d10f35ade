def main():
    print('main running', __name__)
    return 0
if __name__ == '__main__':
    main()
else:
    print('imported')
import helper_shapes
print(helper_shapes.__name__ == '__main__')
import sys
print(__name__ in sys.modules)
