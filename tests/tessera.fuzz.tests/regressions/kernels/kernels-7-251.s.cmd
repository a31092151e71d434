# timeout: no exit within the case's time limit
# stderr: (no stderr)
# kernels seed 7 case 251: fix:att-block.s mutated by duplicate-token
#name att-block.s
--json
palmed
predict
--mapping
{EX}/palmed/toy.portmap
{FILE}
