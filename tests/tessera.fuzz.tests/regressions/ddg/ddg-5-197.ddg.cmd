# json-empty: --json but nothing on stdout (exit 1)
# stderr: motivating.ddg:2:17: error: mismatched input 'cou' expecting 'count' (see docs/modsched.md for the .ddg syntax)
# ddg seed 5 case 197: modsched/motivating.ddg mutated by duplicate-lines, truncate, delete-lines
#name motivating.ddg
--json
modsched
{FILE}
