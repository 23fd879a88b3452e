print("focus-sync: not built yet")
