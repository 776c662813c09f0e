print(format(1e5, '#g'), format(123.456, '#.3g'))
