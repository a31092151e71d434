# no-position: diagnostic without file:line: motivating.ddg: warning: no loop in motivating.ddg (add 'loop NAME machine M { ... }')
# stderr: motivating.ddg: warning: no loop in motivating.ddg (add 'loop NAME machine M { ... }')
# ddg seed 7 case 79: modsched/motivating.ddg mutated by splice, truncate
#name motivating.ddg
--json
modsched
{FILE}
