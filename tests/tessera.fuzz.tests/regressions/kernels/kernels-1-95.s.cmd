# exit-code: exit 2
# stderr: att-block.s: error: the block has no instruction (write one instruction a line)
# kernels seed 1 case 95: fix:att-block.s mutated by truncate
#name att-block.s
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
