package tessera.tcpa.sim.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import tessera.core.poly.PolySet;
import tessera.core.Diagnostics;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.concrete.io.ProgramText;
import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.Connection;
import tessera.tcpa.concrete.ControlSignal;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Layer;
import tessera.tcpa.concrete.Parameter;
import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.concrete.Side;
import tessera.tcpa.concrete.Wrapper;

/**
 * The running example's concrete configuration for N = 16, t = 3, p = 6, written by hand from digest §5.8–5.9 (the
 * paper's oracle): PC = {P1 = {k < 2}, P2 = {k = 2}}, the alu1 program of P1 as §6.3 prints it with the registers of
 * the PST/Fig. 3 (rd1 loop-carried, od0 to the east neighbour, od1 to the north bank), cs1 = 1 at j = 4, the west
 * bank for in (enable j = 0) and north banks bits[6k + j] (Fig. 8). What the digest leaves open is derived by the
 * same rules and documented in docs/tcpa.md: the alu0 programs, P2's programs over its real domain j = 0..3 plus
 * epilog (P17) and the virtual exit of alu0 (P14), which need the signals cs2 (j = 3) and cs3 (j = 5).
 */
final class BitExtraction {
    static final ConcreteFactory F = ConcreteFactory.eINSTANCE;

    /** §6.3, alu1 of P1, register-consistent oracle (digest §5.8). */
    static final String P1_ALU1 = """
            q1: nop / next
                shri rd1 rd0 1 / goto q2
            q2: andi od1 rd0 1 / next
                shri rd1 rd0 1 / if cs1 jmp q3, q2
            q3: andi od1 rd0 1 / next
                shri od0 rd0 1 / goto q4
            q4: andi od1 rd0 1 / next
                nop / halt
            """;
    /** alu0 of P1 (digest: q1 = {j = 0} move rd0 id0, q2 = {1 ≤ j ≤ 5} move rd0 rd1), virtual exit after j = 5. */
    static final String P1_ALU0 = alu0("cs3");
    /** alu0 of P2: real domain j = 0..3, exit after j = 3. */
    static final String P2_ALU0 = alu0("cs2");

    /** The alu0 program whose repeating class q2 leaves to the virtual exit qx when {@code exit} is 1 (digest P14). */
    static String alu0(String exit) {
        return """
                q1: move rd0 id0 / next
                    nop / goto q2
                q2: move rd0 rd1 / next
                    nop / if EXIT jmp qx, q2
                qx: nop / halt
                """.replace("EXIT", exit);
    }
    /** alu1 of P2: kernel classes {0}, {1..3}, {4} over j = 0..3 plus epilog j = 4; no od0 (k = t − 1). */
    static final String P2_ALU1 = """
            q1: nop / next
                shri rd1 rd0 1 / goto q2
            q2: andi od1 rd0 1 / next
                shri rd1 rd0 1 / if cs2 jmp q3, q2
            q3: andi od1 rd0 1 / next
                nop / halt
            """;

    private BitExtraction() {
    }

    static String pla() {
        try (InputStream in = PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/bitext.pla")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static ConcreteConfiguration configuration() {
        ConcreteConfiguration c = F.createConcreteConfiguration();
        c.setName("bitext-N16-t3");
        param(c, "N", 16);
        param(c, "t", 3);
        param(c, "p", 6);
        c.getIntraTileDims().add("j");
        c.getTileSizes().add(6);
        c.getTileCounts().add(3);
        c.setPi(2);
        c.getLambdaJ().add(2);
        c.getLambdaK().add(12);
        c.setRegionRows(1);
        c.setRegionCols(3);
        ProcessorClass p1 = processorClass(c, "P1", "{ [k] : 0 <= k <= 1 }", "{ [j] : 0 <= j <= 6 }",
                program("alu0", P1_ALU0), program("alu1", P1_ALU1));
        ProcessorClass p2 = processorClass(c, "P2", "{ [k] : k = 2 }", "{ [j] : 0 <= j <= 4 }",
                program("alu0", P2_ALU0), program("alu1", P2_ALU1));
        signal(c, "cs1", "{ [j] : j = 4 }");
        signal(c, "cs2", "{ [j] : j = 3 }");
        signal(c, "cs3", "{ [j] : j = 5 }");
        for (int k = 0; k < 3; k++) {
            Processor pe = F.createProcessor();
            pe.setRow(0);
            pe.setCol(k);
            pe.getTile().add(k);
            pe.setProcessorClass(k < 2 ? p1 : p2);
            c.getProcessors().add(pe);
            // the propagation channel of e4² (pe0 → east0 → west0 → pe0, Fig. 4/8) replicated, and od1 to the north bank
            wrapper(c, 0, k, "pe0", "east0", "west0", "pe0", "pe1", "north0");
            bank(c, "bits" + k, BankKind.OUTPUT, "bits", 0, k, Side.NORTH, k < 2 ? "{ [j] : 0 <= j < 6 }" : "{ [j] : 0 <= j < 4 }",
                    List.of(1L), List.of(6L * k));
        }
        bank(c, "in", BankKind.INPUT, "in", 0, 0, Side.WEST, "{ [j] : j = 0 }", List.of(), List.of());
        return c;
    }

    static void param(ConcreteConfiguration c, String name, long value) {
        Parameter p = F.createParameter();
        p.setName(name);
        p.setValue(value);
        c.getParameters().add(p);
    }

    static FuProgram program(String fu, String text) {
        Diagnostics ds = new Diagnostics();
        FuProgram p = ProgramText.parse(fu, text, "fixture", 1, ds);
        if (ds.hasErrors()) {
            throw new IllegalStateException(ds.toString());
        }
        return p;
    }

    static ProcessorClass processorClass(ConcreteConfiguration c, String name, String domain, String kernelSpace, FuProgram... programs) {
        ProcessorClass pc = F.createProcessorClass();
        pc.setName(name);
        pc.setDomain(PolySet.valueOf(domain));
        pc.setKernelSpace(PolySet.valueOf(kernelSpace));
        pc.getPrograms().addAll(List.of(programs));
        c.getProcessorClasses().add(pc);
        return pc;
    }

    static void signal(ConcreteConfiguration c, String name, String oneDomain) {
        ControlSignal s = F.createControlSignal();
        s.setName(name);
        s.setOneDomain(PolySet.valueOf(oneDomain));
        c.getControlSignals().add(s);
    }

    /** Connections as pairs source, sink. */
    static Wrapper wrapper(ConcreteConfiguration c, int row, int col, String... pairs) {
        Wrapper w = F.createWrapper();
        w.setRow(row);
        w.setCol(col);
        for (int i = 0; i < pairs.length; i += 2) {
            Connection con = F.createConnection();
            con.setLayer(Layer.DATA);
            con.setSource(pairs[i]);
            con.setSink(pairs[i + 1]);
            w.getConnections().add(con);
        }
        c.getWrappers().add(w);
        return w;
    }

    static Bank bank(ConcreteConfiguration c, String name, BankKind kind, String variable, int row, int col, Side side,
            String enable, List<Long> matrix, List<Long> offset) {
        Bank b = F.createBank();
        b.setName(name);
        b.setKind(kind);
        b.setVariable(variable);
        b.setRow(row);
        b.setCol(col);
        b.setSide(side);
        b.setPort(0);
        b.setEnable(PolySet.valueOf(enable));
        b.getIndexMatrix().addAll(matrix);
        b.getIndexOffset().addAll(offset);
        b.setBase(0x100);
        if (!offset.isEmpty()) {
            b.getStrides().add(1L);
        }
        c.getBanks().add(b);
        return b;
    }
}
