print('a\rb\r\nc'.splitlines())
