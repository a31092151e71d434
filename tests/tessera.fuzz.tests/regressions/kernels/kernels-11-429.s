ADDSS
BSR
JNLE
# a block