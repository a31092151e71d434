# no-position: JSON diagnostic without a line: {severity=error, file=scheduling-3.json, line=0, column=0, message=the initial candidate has no solution: the instance has no value for the snippet "$0.depends_on($1)" (add it to "values" (keys are the snippet text, objects in order of its $variables: $0, $1)), hint=, code=}
# stderr: (no stderr)
# exh seed 5 case 174: dspace/scheduling-3.json mutated by delete-lines, bom
#name scheduling-3.json
--json
dspace
explore
{EX}/dspace/scheduling.exh
--instance
{FILE}
--count
--limit
1000
--time-limit
2
