# not-json: --json but stdout is not one JSON document: unexpected character at offset 215
# stderr: (no stderr)
# kernels seed 7 case 469: fix:att-block.s mutated by truncate, cr, duplicate-token
#name att-block.s
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
