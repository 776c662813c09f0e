print("7".isdigit(), "".isdigit())
for s in ["123", "12.5", "abc", "", "abc123", "   ", "A1"]:
    print(repr(s), s.isdigit(), s.isalpha(), s.isalnum(), s.isspace())
