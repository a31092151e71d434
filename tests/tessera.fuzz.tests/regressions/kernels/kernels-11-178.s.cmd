# no-position: diagnostic without file:line: toy-block.s: error: the block has no instruction (write one instruction a line)
# stderr: toy-block.s: error: the block has no instruction (write one instruction a line)
# kernels seed 11 case 178: fix:toy-block.s mutated by truncate
#name toy-block.s
palmed
predict
--mapping
{EX}/palmed/toy-lpaux.portmap
{FILE}
