LEAF = "leaf"
