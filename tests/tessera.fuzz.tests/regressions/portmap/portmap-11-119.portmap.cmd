# json-empty: --json but nothing on stdout (exit 1)
# stderr: toy.portmap:2: error: port 4 declared twice
# portmap seed 11 case 119: palmed/toy.portmap mutated by delete-lines, small-number
#name toy.portmap
--json
palmed
predict
--mapping
{FILE}
{FIX}/toy-block.s
