# no-position: diagnostic without file:line: toy.portmap: error: the port mapping defines no instruction (add lines like 'ADDSS: 1*p01')
# stderr: toy.portmap: error: the port mapping defines no instruction (add lines like 'ADDSS: 1*p01')
# portmap seed 1 case 271: palmed/toy.portmap mutated by cr, delete-lines
#name toy.portmap
--json
palmed
predict
--mapping
{FILE}
{FIX}/toy-block.s
