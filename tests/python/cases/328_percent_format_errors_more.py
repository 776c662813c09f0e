print('%5s|%-5s|%05.1f|%+.2e|%x|%o|%c' % ('ab', 'ab', 3.14159, 12345.6789, 255, 64, 97))
print('%s and %s' % ('a', 'b'), '%d%%' % 50, '%.3s' % 'abcdef', '%r' % [1])
print('%g %g %g %g' % (1e-5, 123456789.0, 0.0001, 100000.0), '%10.4g|' % 3.14159265)
print('%s' % None, '%s' % True, '%d' % True, '%r' % 'q', '%-6d|' % -3, '% 5d|' % 42)
for bad in [lambda: '%d' % 'x', lambda: '%s %s' % ('a',), lambda: '%s' % ('a', 'b'), lambda: '%z' % 1, lambda: '%(k)s' % {'j': 1}]:
    try:
        print(bad())
    except (TypeError, ValueError, KeyError) as e:
        print(type(e).__name__, e)
