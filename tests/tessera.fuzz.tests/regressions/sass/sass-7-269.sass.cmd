# json-empty: --json but nothing on stdout (exit 1)
# stderr: dot64.sass:14:83: error: invalid UTF-8: byte 0xA8 at byte offset 270 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))
# sass seed 7 case 269: regdem/dot64.sass mutated by flip, truncate
#name dot64.sass
--json
regdem
{FILE}
--block
128
