package tessera.tcpa.mapping.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.tcpa.Architecture;

/** Architectures and PLAs shared by the tests. */
final class Fixtures extends tessera.testing.Fixtures {
    private Fixtures() {
    }

    /** The running example's PE (seed 003 §5.2): two generic ALUs alu0, alu1, in a 1 × 8 row. */
    static final String BITEXT_ARCH = """
            architecture bitext {
              grid rows 1 cols 8;
              futype alu {
                instr move implements move latency 1 (reg);
                instr movei implements move latency 1 (imm);
                instr add implements add latency 1 (reg, reg);
                instr addi implements add latency 1 (reg, imm);
                instr sub implements sub latency 1 (reg, reg);
                instr shri implements shr latency 1 (reg, imm);
                instr andi implements and latency 1 (reg, imm);
                instr and implements and latency 1 (reg, reg);
                instr mul implements mul latency 1 (reg, reg);
                instr mac implements mac latency 1 (reg, reg, reg);
              }
              pe { fu alu0 : alu; fu alu1 : alu; rd 8; fd 4 depth 16; }
              layer data {
                pe in 2 out 2;
                north in 2 out 2; east in 2 out 2; south in 2 out 2; west in 2 out 2;
                connect pe.out0 -> east.out0, south.out0, west.out0, north.out0;
                connect pe.out1 -> east.out1, south.out1, west.out1, north.out1;
                connect west.in0 -> pe.in0, south.out0;
                connect north.in0 -> pe.in1, east.out0;
                connect west.in1 -> pe.in1;
                connect north.in1 -> pe.in0;
                connect east.in0 -> pe.in0;
                connect south.in0 -> pe.in1;
              }
              buffer north banks 2;
              buffer west banks 2;
              control signals 4 branch targets 2;
            }
            """;

    /** A 4 × 4 array of two-ALU PEs with {@code ports} PE and wrapper ports per direction, each PE port reaching every direction. */
    static String portsArch(int ports) {
        StringBuilder layer = new StringBuilder("pe in " + ports + " out " + ports + "; north in " + ports + " out " + ports + "; east in " + ports
                + " out " + ports + "; south in " + ports + " out " + ports + "; west in " + ports + " out " + ports + ";\n");
        for (int i = 0; i < ports; i++) {
            layer.append("connect pe.out").append(i).append(" -> east.out").append(i).append(", south.out").append(i).append(", west.out").append(i)
                    .append(", north.out").append(i).append(";\n");
            for (String d : new String[] {"west", "north", "east", "south"}) {
                layer.append("connect ").append(d).append(".in").append(i).append(" -> pe.in").append(i).append(d.equals("west") ? ", south.out" + i
                        : d.equals("north") ? ", east.out" + i : "").append(";\n");
            }
        }
        String a = BITEXT_ARCH.replace("grid rows 1 cols 8", "grid rows 4 cols 4");
        int from = a.indexOf("layer data {") + "layer data {".length(), to = a.indexOf("}", from);
        return a.substring(0, from) + "\n" + layer + a.substring(to);
    }

    static Architecture arch(String text) {
        return ArchitectureLoader.orThrow(ArchitectureLoader.load(text, "test.tcpa"));
    }

    static String example(String name) {
        try (InputStream in = PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Architecture exampleArch(String name) throws IOException {
        Path p = root().resolve("examples/tcpa/" + name);
        return ArchitectureLoader.orThrow(ArchitectureLoader.load(Files.readString(p), p.toString()));
    }

    static TcpaPipeline.Compiled compile(String file, String pla, Architecture arch, List<String> distribute) {
        return TcpaPipeline.compile(file, pla, arch, new MappingState.Options(distribute, Map.of(), Deadline.after(java.time.Duration.ofSeconds(60))),
                Monitor.NULL);
    }
}
