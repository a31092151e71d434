# timeout: no exit within the case's time limit
# stderr: (no stderr)
# kernel seed 1 case 62: telamon/batched_matmul.kernel mutated by huge-number
#name batched_matmul.kernel
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
