print('unterminated)
