# no-position: diagnostic without file:line: toy.portmap: error: the port mapping defines no instruction (add lines like 'ADDSS: 1*p01')
# stderr: toy.portmap: error: the port mapping defines no instruction (add lines like 'ADDSS: 1*p01')
# portmap seed 11 case 43: palmed/toy.portmap mutated by truncate
#name toy.portmap
--json
palmed
predict
--mapping
{FILE}
{FIX}/toy-block.s
