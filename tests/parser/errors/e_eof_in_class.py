class C:
