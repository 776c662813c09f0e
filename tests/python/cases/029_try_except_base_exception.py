try:
    {}["missing"]
except Exception as e:
    print(type(e).__name__, e)
    print(isinstance(e, KeyError), isinstance(e, LookupError))
