s = "hi"
print(f"{s!r} {s!s} {s}")
print(f"{'it' + chr(39) + 's'!r}")
print(f"{[1, 'a']!s} {None!r}")
