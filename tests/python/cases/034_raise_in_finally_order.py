log = []
try:
    try:
        log.append("try")
        raise RuntimeError("inner")
    finally:
        log.append("finally")
except RuntimeError as e:
    log.append("caught " + str(e))
print(log)
