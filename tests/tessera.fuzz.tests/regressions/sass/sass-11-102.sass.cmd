# json-empty: --json but nothing on stdout (exit 1)
# stderr: dot64.sass:4:3: error: invalid UTF-8: byte 0x97 at byte offset 42 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))
# sass seed 11 case 102: regdem/dot64.sass mutated by truncate, delete-token, flip
#name dot64.sass
--json
regdem
{FILE}
--block
128
