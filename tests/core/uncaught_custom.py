# An uncaught custom exception with a message.
class ValidationError(Exception):
    pass

def validate(x):
    if x > 3:
        raise ValidationError('value too large: ' + str(x))
    return x

for i in range(10):
    print('valid', validate(i))
