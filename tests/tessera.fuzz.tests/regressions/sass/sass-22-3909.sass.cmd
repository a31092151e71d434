# exception-text: an exception's name on stderr
# stderr: dot64.sass:17:1: error: the constant mapping is not a JSON object of strings (java.io.EOFException: End of input at...) (write {"name": "c[0x0][0x140]", ...} or one 'name : value' per line)
# sass seed 22 case 3909: regdem/dot64.sass mutated by duplicate-token, delete-token
#name dot64.sass
regdem
{FILE}
--list-kernels
