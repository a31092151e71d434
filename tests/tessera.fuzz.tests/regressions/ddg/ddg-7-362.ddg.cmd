# json-empty: --json but nothing on stdout (exit 1)
# stderr: recurrence.ddg:1:15: error: invalid UTF-8: byte 0xA7 at byte offset 15 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))
# ddg seed 7 case 362: modsched/recurrence.ddg mutated by truncate, invalid-utf8, duplicate-token
#name recurrence.ddg
--json
modsched
{FILE}
