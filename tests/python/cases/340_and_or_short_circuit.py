def side(v, log):
    log.append(v)
    return v
log = []
r = side(0, log) or side('', log) or side('x', log) or side('never', log)
print(r, log)
log = []
r = side(1, log) and side([], log) and side('never', log)
print(repr(r), log)
print(0 or None, None or 0, [] and 1, 1 and [], not None == False, (not None) == False)
print(1 if [] else 2, 'a' and 'b' or 'c', '' and 'b' or 'c')
