try:
    import no_such_module_abc
except ImportError as e:
    print("ImportError caught:", type(e).__name__)
    print(isinstance(e, ImportError))
