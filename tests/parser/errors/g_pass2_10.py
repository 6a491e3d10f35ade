def getregentry():
    return codecs.CodecInfo(
        name='x',
        encode=Codec().== encode,
    )
