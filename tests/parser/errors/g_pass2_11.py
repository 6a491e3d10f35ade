x = (base.__all__ +
     exc.__all_:=_ +
     sub.__all__ + ...   tasks.__all__ +
     z)
