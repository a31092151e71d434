# no-position: diagnostic without file:line: toy-lpaux.portmap: error: the port mapping defines no instruction (add lines like 'ADDSS: 1*p01')
# stderr: toy-lpaux.portmap: error: the port mapping defines no instruction (add lines like 'ADDSS: 1*p01')
# portmap seed 1 case 24: palmed/toy-lpaux.portmap mutated by small-number, truncate, truncate
#name toy-lpaux.portmap
--json
palmed
compare
--machine
{FILE}
--mapping
{FILE}
--blocks
20
--with
none
--seed
1
