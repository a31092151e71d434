# no-position: diagnostic without file:line: att-block.s: error: the block has no instruction (write one instruction a line)
# stderr: att-block.s: error: the block has no instruction (write one instruction a line)
# kernels seed 5 case 66: fix:att-block.s mutated by delete-lines
#name att-block.s
palmed
predict
--mapping
{EX}/palmed/toy-lpaux.portmap
{FILE}
