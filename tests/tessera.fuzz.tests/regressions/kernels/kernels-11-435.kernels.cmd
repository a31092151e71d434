# json-empty: --json but nothing on stdout (exit 1)
# stderr: toy.kernels:1:23: error: invalid UTF-8: byte 0xC2 at byte offset 22 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))
# kernels seed 11 case 435: palmed/toy.kernels mutated by delete-token, truncate
#name toy.kernels
--json
palmed
predict
--mapping
{EX}/palmed/toy.portmap
{FILE}
