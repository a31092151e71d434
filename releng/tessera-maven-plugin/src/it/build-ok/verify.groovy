// tessera:check and tessera:build ran with the settings of src/main/tessera/tessera.properties (tcpa.arch: the FIR
// PLA was compiled for the 4x4 array), results are under target/tessera/gen, the check left no scratch folder
File gen = new File(basedir, 'target/tessera/gen')
['modsched/motivating.schedule.txt', 'modsched/motivating.schedule.json', 'pla.rdg/fir.rdg.xmi',
 'tcpa.compile/fir.symconf.xmi', 'tcpa.topology/tcpa4x4.topology.json'].each {
    File f = new File(gen, it)
    assert f.isFile() && f.length() > 0 : "missing result ${f}"
}
assert !new File(basedir, 'target').list().any { it.startsWith('tessera-check-') } :
        'tessera:check left its scratch folder'
String log = new File(basedir, 'build.log').text
assert log.count('[INFO] Tessera: 3 file(s), 0 error(s), 2 warning(s)') == 2 : 'no summary line from both goals'
String fir = new File(basedir, 'src/main/tessera/fir.pla').canonicalPath
assert log.contains("[WARNING] ${fir}:[7,0] feedback register fd0") : 'the FIR warning is not in Maven format'
assert !log.contains('[ERROR]')
return true
