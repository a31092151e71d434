# no-position: diagnostic without file:line: toy.kernels: error: the block has no instruction (write one instruction a line)
# stderr: toy.kernels: error: the block has no instruction (write one instruction a line)
# kernels seed 5 case 149: palmed/toy.kernels mutated by truncate
#name toy.kernels
--json
palmed
predict
--mapping
{EX}/palmed/toy.portmap
{FILE}
