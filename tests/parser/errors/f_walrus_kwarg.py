f(n:=ame=1)
