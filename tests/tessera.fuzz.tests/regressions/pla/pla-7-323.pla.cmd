# timeout: no exit within the case's time limit
# stderr: (no stderr)
# pla seed 7 case 323: pla/conv.pla mutated by huge-number
#name conv.pla
--json
run
{FILE}
--param
CO=2
--param
H=2
--param
W=2
--param
CI=1
--param
KH=2
--param
KW=2
--seed
1
