greeting = "hello from PYTHONSTARTUP"
print("startup ran")
