# no-position: diagnostic without file:line: recurrence.ddg: warning: no loop in recurrence.ddg (add 'loop NAME machine M { ... }')
# stderr: recurrence.ddg: warning: no loop in recurrence.ddg (add 'loop NAME machine M { ... }')
# ddg seed 11 case 491: modsched/recurrence.ddg mutated by truncate
#name recurrence.ddg
--json
modsched
{FILE}
