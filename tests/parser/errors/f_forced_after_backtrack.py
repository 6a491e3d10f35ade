def f() -> Union[List[class Any], _T]: pass
