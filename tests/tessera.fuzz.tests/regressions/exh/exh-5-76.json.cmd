# no-position: JSON diagnostic without a line: {severity=warning, file=scheduling-3.json, line=0, column=0, message=unknown instance key "" is ignored, hint=known keys: sets, values, triggers, space, description, code=}
# stderr: (no stderr)
# exh seed 5 case 76: dspace/scheduling-3.json mutated by delete-token
#name scheduling-3.json
--json
dspace
explore
{EX}/dspace/scheduling.exh
--instance
{FILE}
--limit
1000
--time-limit
2
