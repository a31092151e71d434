# json-empty: --json but nothing on stdout (exit 1)
# stderr: att-block.s:1:26: error: invalid UTF-8: byte 0xC3 at byte offset 25 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))
# kernels seed 5 case 225: fix:att-block.s mutated by truncate, duplicate-token, invalid-utf8
#name att-block.s
--json
palmed
predict
--mapping
{EX}/palmed/toy.portmap
{FILE}
