# timeout: no exit within the case's time limit
# stderr: (no stderr)
# kernel seed 11 case 34: telamon/axpy.kernel mutated by duplicate-token, bom, huge-number
#name axpy.kernel
--json
telamon
stats
{FILE}
--descents
10
--probes
10
--seed
1
