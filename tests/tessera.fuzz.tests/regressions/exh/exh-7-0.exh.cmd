# timeout: no exit within the case's time limit
# stderr: (no stderr)
# exh seed 7 case 0: telamon/space/order.exh mutated by flip
#name order.exh
--json
dspace
check
{FILE}
