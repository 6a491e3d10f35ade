x = "abc\N{}def"
