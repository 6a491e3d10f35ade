# a script with bytes that are not UTF-8 and no coding declaration
x = "ò"
