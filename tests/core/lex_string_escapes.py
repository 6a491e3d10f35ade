# String escapes of every kind.
print('a\tb')
print("line1\nline2")
print('back\\slash', "quote\"s", 'apos\'s')
print('\x41\x62\x63', '\101\102\103', '\0' == '\x00')
print('\u00e9\u4e2d', '\U0001F600' == '\U0001f600', len('\U0001F600'))
print('\N{LATIN SMALL LETTER E WITH ACUTE}')
print(repr('\a\b\f\v\r'))
print(len('\n'), len('\\n'), len('\x00'))
print('no\
newline')
print("bell:", ord('\a'), "bs:", ord('\b'), "ff:", ord('\f'), "vt:", ord('\v'))
print(repr('\7'), repr('\07'), repr('\007'))
print('tab\there'.expandtabs(4))
