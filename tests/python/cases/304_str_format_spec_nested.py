print(format('hi', '>5'), format('hi', '^6'), format('hi', '*<4'), format('hello', '.3'), format('hello', '^9.2'))
print(f"{'x':=^11}|{'abc'!r:>8}|{3!s:>3}|{'a'!a}")
print(f"{10:{'>'}{6}}|{3.14159:{8}.{3}f}|")
w = 7; p = 2
print(f"{2/3:{w}.{p}f}", f"{'z':{'_'}^{w}}")
print(format(True, ''), format(True, 'd'), format(False, '>5'), f"{True!r:>6}")
print(format(None, ''), f"{None!s:>6}")
