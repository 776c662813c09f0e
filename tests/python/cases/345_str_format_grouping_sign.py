print('{:,}'.format(-1234.5), '{:_d}'.format(-10**7), '{:,.0f}'.format(1e9), '{:>+10,.2f}|'.format(12345.678), '{:^12,}|'.format(1000))
print('{:010,.1f}'.format(-1234.5), '{:+010d}'.format(42), '{:=10d}'.format(-42), '{:0=10d}'.format(-42), '{:x<10d}'.format(-42))
print('{:.3}'.format('abcdef'), '{:>8.3}|'.format('abcdef'), '{:.0}'.format('abc') + '|', '{!r:.3}'.format('abc'))
print('{:5}|{:<5}|{:>5}'.format(True, 'n', 1.5))
