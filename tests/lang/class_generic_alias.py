print(list[int], dict[str, int], tuple[int, ...], type(list[int]).__name__)
alias = list[str]
print(alias.__origin__ is list, alias.__args__)
print(alias('ab'), type(alias('ab')).__name__)
def f(xs: list[int]) -> dict[str, list[int]]:
    return {'xs': xs}
print(f([1]), f.__annotations__['xs'])
class Box:
    def __class_getitem__(cls, item):
        return 'Box of ' + item.__name__
print(Box[int])
try:
    int[str]
except TypeError as e:
    print(e)
