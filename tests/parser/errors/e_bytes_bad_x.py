x = b"ab\x4"
