# json-empty: --json but nothing on stdout (exit 1)
# stderr: toy-lpaux.portmap:1:123: error: invalid UTF-8: byte 0xCE at byte offset 123 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))
# portmap seed 1 case 258: palmed/toy-lpaux.portmap mutated by huge-number, huge-number, truncate
#name toy-lpaux.portmap
--json
palmed
predict
--mapping
{FILE}
{FIX}/toy-block.s
