import torch
F = "../../io/files/"
for name in ["evil_system", "evil_posix", "evil_eval", "evil_nested", "corrupt", "not_a_zip", "memo_bomb_list", "truncated"]:
    try:
        torch.load(F + name + ".pt")
        print(name, "loaded!")
    except Exception as e:
        msg = str(e)
        key = [l.strip() for l in msg.splitlines() if "GLOBAL" in l or "operand" in l or "central" in l]
        print(name, type(e).__name__, "blocked" in msg, key[:1])
try:
    torch.load(F + "no_such_file.pt")
except FileNotFoundError as e:
    print(type(e).__name__, e)
