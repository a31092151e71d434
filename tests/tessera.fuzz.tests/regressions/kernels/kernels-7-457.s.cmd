# exit-code: exit 2
# stderr: toy-block.s:1: error: instruction 'J,LE' is not in the mapping (the block is not covered; map this instruction first)
# kernels seed 7 case 457: fix:toy-block.s mutated by delete-lines, flip, small-number
#name toy-block.s
--json
palmed
compare
--machine
{EX}/palmed/toy.portmap
--mapping
{EX}/palmed/toy.portmap
{FILE}
--with
none
