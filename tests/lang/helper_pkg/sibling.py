SIB = 'sibling'
