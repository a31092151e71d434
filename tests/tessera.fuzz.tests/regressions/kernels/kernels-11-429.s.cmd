# not-json: --json but stdout is not one JSON document: unexpected character at offset 215
# stderr: (no stderr)
# kernels seed 11 case 429: fix:toy-block.s mutated by huge-number, truncate, splice
#name toy-block.s
--json
palmed
compare
--machine
{EX}/palmed/toy.portmap
--mapping
{EX}/palmed/toy.portmap
{FILE}
--with
none
