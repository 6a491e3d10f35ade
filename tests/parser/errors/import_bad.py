from x import
