print(format(0xABCDEF, '_x'), f"{123456:_X}")
