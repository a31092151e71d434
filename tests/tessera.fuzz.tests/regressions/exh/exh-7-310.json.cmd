# no-position: JSON diagnostic without a line: {severity=error, file=scheduling-3.json, line=0, column=0, message=an instance must be a JSON object with "sets" and "values", hint=see docs/dspace.md, code=}
# stderr: (no stderr)
# exh seed 7 case 310: dspace/scheduling-3.json mutated by truncate
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
