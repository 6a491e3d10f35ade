# datetime_decimal: date and time arithmetic, formatting and parsing with
# datetime, and fixed-point arithmetic with decimal. CPython runs its C
# _datetime and _decimal; tpy runs its C _datetime and the standard
# library's pure-Python _pydecimal (docs/performance.md).
import datetime
import decimal
import sys

N = 200000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def dates(n):
    d = datetime.datetime(2020, 1, 1, 8, 30)
    step = datetime.timedelta(hours=7, minutes=13, seconds=3)
    day = datetime.timedelta(days=1)
    weekdays = [0] * 7
    total = datetime.timedelta()
    text = 0
    for i in range(n):
        d = d + step
        weekdays[d.weekday()] += 1
        if d.hour < 6:
            total += d - (d - day)
        if i % 50 == 0:
            s = d.isoformat()
            back = datetime.datetime.fromisoformat(s)
            text += len(s) + back.minute
            text += len(d.strftime("%Y-%m-%d %H:%M")) + d.date().toordinal() % 7
    return weekdays, total.days, text, d.isoformat()


def money(n):
    ctx = decimal.getcontext()
    ctx.prec = 28
    cent = decimal.Decimal("0.01")
    rate = decimal.Decimal("1.0375")
    balance = decimal.Decimal("1000.00")
    fees = decimal.Decimal(0)
    for i in range(n // 4):
        interest = (balance * (rate - 1) / 12).quantize(cent, rounding=decimal.ROUND_HALF_EVEN)
        fee = decimal.Decimal(i % 7) / 100
        balance = balance + interest - fee
        fees += fee
        if balance > 5000:
            balance = balance / 3
    return str(balance.quantize(cent)), str(fees), str(balance.sqrt())[:20]


def bench():
    return "%s\n%s" % (dates(N), money(N))


if __name__ == "__main__":
    print(bench())
