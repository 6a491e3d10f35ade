# syslog: constants, masks, argument errors and audit events as CPython's
# (messages go to /dev/log if a daemon listens: nothing here reads them).
import syslog, sys
print(sorted(n for n in dir(syslog) if not n.startswith('__')))
for bad in [lambda: syslog.syslog(), lambda: syslog.syslog(1), lambda: syslog.syslog('a','b'), lambda: syslog.openlog(ident=3), lambda: syslog.setlogmask('x'), lambda: syslog.LOG_MASK(), lambda: syslog.syslog(syslog.LOG_INFO, 'a', 'b'), lambda: syslog.openlog('a', 1, 2, 3)]:
    try: print(bad())
    except Exception as e: print(type(e).__name__, e)
print(syslog.LOG_MASK(3), syslog.LOG_UPTO(3), syslog.setlogmask(0), syslog.setlogmask(syslog.LOG_UPTO(7)), syslog.setlogmask(0))
print([(n, getattr(syslog, n)) for n in sorted(dir(syslog)) if n.startswith('LOG_') and isinstance(getattr(syslog,n), int)])
for c in ['syslog.openlog(None)', 'syslog.openlog(logoption="x")', 'syslog.openlog("id", facility=syslog.LOG_LOCAL0)', 'syslog.closelog()', 'syslog.closelog(1)', 'syslog.setlogmask()', 'syslog.LOG_UPTO("a")', 'syslog.syslog(priority=1, message="x")', 'syslog.LOG_MASK(2**70)', 'syslog.setlogmask(2**70)', 'syslog.syslog(2**40, "x")', 'syslog.syslog(1.5, "x")', 'syslog.LOG_MASK(True)', 'syslog.syslog(syslog.LOG_DEBUG, "tpy test message")']:
    try: print(c, eval(c))
    except Exception as e: print(c, type(e).__name__, e)
events = []
sys.addaudithook(lambda ev, args: events.append((ev, args)) if ev.startswith("syslog.") else None)
syslog.openlog('python'); syslog.syslog('test'); syslog.setlogmask(syslog.LOG_DEBUG); syslog.closelog(); syslog.syslog('test2')
syslog.openlog(logoption=syslog.LOG_NDELAY, facility=syslog.LOG_LOCAL0)
sys.argv = None
syslog.openlog(); syslog.closelog()
sys.argv = ['/a/b/prog.py']
syslog.syslog('x'); syslog.closelog()
for e in events: print(e)
