# exit-code: exit 2
# stderr: att-block.s: error: the block has no instruction (write one instruction a line)
# kernels seed 7 case 145: fix:att-block.s mutated by crlf, delete-lines
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
