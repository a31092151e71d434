# the same kind of block in AT&T syntax
loop:
  addss %