// the syntax error is reported in Maven's compiler format, the build fails, no schedule is written
String log = new File(basedir, 'build.log').text
String file = new File(basedir, 'src/main/tessera/bad.ddg').canonicalPath
String expected = "[ERROR] ${file}:[2,13] mismatched input '{' expecting 'machine'"
assert log.contains(expected) : "no line '${expected}' in build.log"
assert log.contains('Tessera found 1 error(s)')
assert log.contains('BUILD FAILURE')
assert !new File(basedir, 'target/tessera/gen/modsched/broken.schedule.txt').exists()
return true
