x = "a" b"b"
