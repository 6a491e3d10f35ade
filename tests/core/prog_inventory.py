# Inventory management: classes, dicts, sorting, formatted report.
class Item:
    def __init__(self, sku, name, price, qty):
        self.sku = sku
        self.name = name
        self.price = price
        self.qty = qty
    def value(self):
        return self.price * self.qty

class Inventory:
    def __init__(self):
        self.items = {}
        self.log = []
    def add(self, item):
        if item.sku in self.items:
            raise KeyError('duplicate sku ' + item.sku)
        self.items[item.sku] = item
    def remove_stock(self, sku, n):
        item = self.items[sku]
        if n > item.qty:
            raise ValueError('only ' + str(item.qty) + ' of ' + item.name + ' left')
        item.qty -= n
        self.log.append((sku, -n))
    def restock(self, sku, n):
        self.items[sku].qty += n
        self.log.append((sku, n))
    def report(self):
        def by_value(it):
            return (-it.value(), it.sku)
        lines = []
        for it in sorted(self.items.values(), key=by_value):
            lines.append('%-6s %-12s %8.2f x %3d = %9.2f' % (it.sku, it.name, it.price, it.qty, it.value()))
        return lines

inv = Inventory()
for sku, name, price, qty in [('A1', 'widget', 2.5, 100), ('B2', 'gadget', 12.99, 7),
                              ('C3', 'doohickey', 0.35, 1000), ('D4', 'gizmo', 99.0, 1)]:
    inv.add(Item(sku, name, price, qty))
for line in inv.report():
    print(line)
requests = [('A1', 30), ('B2', 10), ('Z9', 1), ('D4', 1), ('C3', 999)]
for sku, n in requests:
    try:
        inv.remove_stock(sku, n)
        print('shipped', n, sku)
    except ValueError as e:
        print('cannot ship:', e)
    except KeyError as e:
        print('unknown sku', e)
try:
    inv.add(Item('A1', 'dup', 1, 1))
except KeyError as e:
    print('KeyError', e)
inv.restock('D4', 5)
print()
for line in inv.report():
    print(line)
total = 0
for it in inv.items.values():
    total += it.value()
print('total value %.2f' % total)
print(inv.log)
