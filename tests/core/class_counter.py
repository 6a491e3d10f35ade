# A class with a counter class attribute and unique ids.
class Ticket:
    next_id = 1
    issued = []

    def __init__(self, owner):
        self.id = Ticket.next_id
        Ticket.next_id += 1
        self.owner = owner
        Ticket.issued.append(self)

    def __repr__(self):
        return 'Ticket#' + str(self.id) + '(' + self.owner + ')'

for name in ['ann', 'bob', 'cy', 'dee']:
    Ticket(name)
print(Ticket.next_id, len(Ticket.issued), Ticket.issued)
t = Ticket('eve')
print(t, t.id, t.next_id)
t.next_id = 100
print(t.next_id, Ticket.next_id)
Ticket('fay')
print(Ticket.issued[-1], Ticket.next_id)

class Sub(Ticket):
    pass
s = Sub('sub')
print(s, Sub.next_id, Ticket.next_id, type(s).__name__)
Sub.next_id = 1000
s2 = Sub('sub2')
print(s2.id, Sub.next_id, Ticket.next_id)
