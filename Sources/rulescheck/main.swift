print("rulescheck")
