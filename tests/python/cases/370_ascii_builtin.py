print(ascii('é'), ascii([1, 'ü']))
