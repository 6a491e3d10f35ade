match x:
    case 1:
        pass
    case {"a": 1, **rest, "b": 2}:
        pass
