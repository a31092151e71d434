# timeout: no exit within the case's time limit
# stderr: (no stderr)
# kernel seed 1 case 68: telamon/reuse_matmul.kernel mutated by duplicate-lines
#name reuse_matmul.kernel
--json
telamon
stats
{FILE}
--descents
20
--probes
20
--seed
1
--time-limit
3
