print("clipkg_nomain imported")
