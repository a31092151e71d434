package tessera.tcpa.concrete.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;

import tessera.core.poly.PolySet;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.rdg.support.Xmi;
import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ConcretePackage;
import tessera.tcpa.concrete.Connection;
import tessera.tcpa.concrete.ControlSignal;
import tessera.tcpa.concrete.FdDepth;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Layer;
import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.concrete.Side;
import tessera.tcpa.concrete.Wrapper;

/**
 * Reading and writing concrete configurations: EMF XMI (the loadable form), the readable listing (per processor class
 * and FU, like seed 003 §6.3's final program), and the compact text encoding whose UTF-8 size is the configuration's
 * "size" (seed 003 §7 Table 2, measured as described in docs/tcpa.md).
 */
public final class ConcreteIO {
    /** A loaded configuration (null when it could not be read) and the problems. */
    public record Loaded(ConcreteConfiguration configuration, Diagnostics diagnostics) {
    }

    private ConcreteIO() {
    }

    private static ResourceSet resourceSet() {
        return Xmi.resourceSet(ConcretePackage.eINSTANCE);
    }

    public static Loaded load(Path file) {
        Diagnostics ds = new Diagnostics();
        String name = file.toString();
        if (!Files.isRegularFile(file)) {
            ds.add(Diagnostic.error(name, 0, "no such file", "give the path of a concrete configuration (.xmi)"));
            return new Loaded(null, ds);
        }
        Resource r = resourceSet().createResource(URI.createFileURI(file.toAbsolutePath().toString()));
        try {
            r.load(Map.of());
        } catch (IOException | RuntimeException e) {
            String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            ds.add(Diagnostic.error(name, lineOf(msg), "not a concrete configuration: " + msg.lines().findFirst().orElse(""),
                    "write it with 'tessera instantiate' or ConcreteIO.save (namespace " + ConcretePackage.eNS_URI + ")"));
            return new Loaded(null, ds);
        }
        if (r.getContents().isEmpty() || !(r.getContents().get(0) instanceof ConcreteConfiguration c)) {
            ds.add(Diagnostic.error(name, 0, "the file holds no ConcreteConfiguration", "its root element must be concrete:ConcreteConfiguration"));
            return new Loaded(null, ds);
        }
        return new Loaded(c, ds);
    }

    private static int lineOf(String message) {
        var m = java.util.regex.Pattern.compile("line(?:Number)?[ :=]*(\\d+)").matcher(message);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** The XMI text of {@code c} (what {@link #save} writes), for an atomic write by the caller. */
    public static byte[] toBytes(ConcreteConfiguration c) {
        return Xmi.toBytes(c, ConcretePackage.eINSTANCE, (c.getName() == null ? "concrete" : c.getName()) + ".concrete.xmi");
    }

    public static void save(ConcreteConfiguration c, Path file) throws IOException {
        Resource r = resourceSet().createResource(URI.createFileURI(file.toAbsolutePath().toString()));
        r.getContents().add(c);
        try {
            r.save(Map.of());
        } finally {
            r.getContents().clear();
        }
    }

    /** The element accessed by a bank, e.g. {@code bits[j + 6]} (index = A·J + b). */
    public static String element(Bank b, List<String> dims) {
        List<String> idx = new ArrayList<>();
        int n = dims.size();
        for (int r = 0; r < b.getIndexOffset().size(); r++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < n && r * n + k < b.getIndexMatrix().size(); k++) {
                long a = b.getIndexMatrix().get(r * n + k);
                if (a != 0) {
                    sb.append(sb.length() == 0 ? (a < 0 ? "-" : "") : (a < 0 ? " - " : " + "))
                            .append(Math.abs(a) == 1 ? "" : Math.abs(a) + "·").append(dims.get(k));
                }
            }
            long off = b.getIndexOffset().get(r);
            if (off != 0 || sb.length() == 0) {
                sb.append(sb.length() == 0 ? String.valueOf(off) : (off < 0 ? " - " : " + ") + Math.abs(off));
            }
            idx.add(sb.toString());
        }
        return b.getVariable() + "[" + String.join(", ", idx) + "]";
    }

    /** The readable listing: parameters, processor classes with their PEs, FD depths and programs, GC, banks, wrappers. */
    public static String listing(ConcreteConfiguration c) {
        StringBuilder sb = new StringBuilder();
        sb.append("concrete configuration ").append(c.getName()).append(": ")
                .append(c.getParameters().stream().map(p -> p.getName() + " = " + p.getValue()).collect(Collectors.joining(", ")))
                .append("\n  region ").append(c.getRegionRows()).append("×").append(c.getRegionCols())
                .append(", π = ").append(c.getPi()).append(", λ^J = ").append(c.getLambdaJ()).append(", λ^K = ").append(c.getLambdaK())
                .append(", tiles ").append(c.getTileCounts()).append(" of ").append(c.getTileSizes()).append("\n");
        if (!c.getLatencies().isEmpty()) {
            sb.append("  latencies (result written at the end of cycle issue + l − 1): ").append(String.join(", ", c.getLatencies())).append("\n");
        }
        for (ProcessorClass pc : c.getProcessorClasses()) {
            sb.append("\nprocessor class ").append(pc.getName()).append(" = ").append(pc.getDomain()).append(": PEs");
            for (Processor p : c.getProcessors()) {
                if (p.getProcessorClass() == pc) {
                    sb.append(" (").append(p.getRow()).append(",").append(p.getCol()).append(")");
                }
            }
            sb.append("\n  kernels issued for ").append(pc.getKernelSpace()).append("\n");
            if (!pc.getFdDepths().isEmpty()) {
                sb.append("  FD depths: ").append(pc.getFdDepths().stream().map(d -> d.getRegister() + " = " + d.getDepth())
                        .collect(Collectors.joining(", "))).append("\n");
            }
            for (FuProgram p : pc.getPrograms()) {
                sb.append("  ").append(p.getFu()).append(":\n").append(ProgramText.print(p, "    "));
            }
        }
        sb.append("\nglobal control signals (1 on the one-domain, 0 elsewhere):\n");
        for (ControlSignal s : c.getControlSignals()) {
            sb.append("  ").append(s.getName()).append(" = 1 on ").append(s.getOneDomain()).append("\n");
        }
        sb.append("\nI/O banks:\n");
        for (Bank b : c.getBanks()) {
            sb.append("  ").append(b.getName()).append(" (").append(b.getKind().getLiteral()).append(", ").append(b.getSide().getLiteral())
                    .append(b.getPort()).append(" of PE (").append(b.getRow()).append(",").append(b.getCol()).append(")): enable ")
                    .append(b.getEnable()).append(", element ").append(element(b, c.getIntraTileDims())).append(", address ")
                    .append(b.getBase()).append(" + ").append(b.getStrides()).append("·index\n");
        }
        sb.append("\nwrapper switches:\n");
        for (Wrapper w : c.getWrappers()) {
            sb.append("  (").append(w.getRow()).append(",").append(w.getCol()).append("):");
            for (Connection con : w.getConnections()) {
                sb.append(" ").append(con.getLayer() == tessera.tcpa.concrete.Layer.CONTROL ? "control " : "")
                        .append(con.getSource()).append(" -> ").append(con.getSink()).append(";");
            }
            sb.append("\n");
        }
        return sb.toString();
    }

    /**
     * The compact encoding: one line per element, fields separated by '|', programs in their §6.3 text form without
     * alignment; {@link #readCompact} reads it back. Its UTF-8 size is the configuration's size (seed 003 §7).
     */
    public static String compact(ConcreteConfiguration c) {
        StringBuilder sb = new StringBuilder();
        record(sb, "C", c.getName(), c.getPlaSource() == null ? "" : c.getPlaSource(), c.getIntraTileDims(), c.getTileSizes(),
                c.getTileCounts(), c.getPi(), c.getLambdaJ(), c.getLambdaK(), c.getRegionRows(), c.getRegionCols(),
                c.getFifoCapacity(), c.getHopLatency());
        c.getParameters().forEach(p -> record(sb, "P", p.getName(), p.getValue()));
        c.getLatencies().forEach(l -> record(sb, "L", l));
        for (ProcessorClass pc : c.getProcessorClasses()) {
            record(sb, "K", pc.getName(), pc.getDomain(), pc.getKernelSpace());
            pc.getFdDepths().forEach(d -> record(sb, "D", d.getRegister(), d.getDepth()));
            for (FuProgram p : pc.getPrograms()) {
                record(sb, "F", p.getFu());
                p.getInstructions().forEach(in -> sb.append(in.getLabel() == null || in.getLabel().isEmpty() ? "" : in.getLabel() + ":")
                        .append(ProgramText.instruction(in)).append('\n'));
            }
        }
        c.getControlSignals().forEach(s -> record(sb, "S", s.getName(), s.getOneDomain()));
        c.getProcessors().forEach(p -> record(sb, "E", p.getRow(), p.getCol(), p.getTile(), c.getProcessorClasses().indexOf(p.getProcessorClass())));
        for (Bank b : c.getBanks()) {
            record(sb, "B", b.getName(), b.getKind().getValue(), b.getVariable(), b.getRow(), b.getCol(), b.getSide().getValue(),
                    b.getPort(), b.getEnable(), b.getIndexMatrix(), b.getIndexOffset(), b.getBase(), b.getStrides());
        }
        for (Wrapper w : c.getWrappers()) {
            record(sb, "W", w.getRow(), w.getCol(), w.getConnections().stream()
                    .map(con -> con.getLayer().getValue() + con.getSource() + ">" + con.getSink()).toList());
        }
        return sb.toString();
    }

    /** One compact record: tag and fields separated by tabs, lists joined by ',' (as the symbolic compact form). */
    private static void record(StringBuilder sb, String tag, Object... fields) {
        sb.append(tag);
        for (Object f : fields) {
            sb.append('\t').append(f instanceof List<?> l ? l.stream().map(String::valueOf).collect(Collectors.joining(",")) : f);
        }
        sb.append('\n');
    }

    /**
     * Reads {@link #compact}'s text back (seed 003 §7 "size" must measure a complete configuration: the simulator runs on
     * what this returns). Throws IllegalArgumentException naming the line on malformed input.
     */
    public static ConcreteConfiguration readCompact(String text) {
        ConcreteFactory f = ConcreteFactory.eINSTANCE;
        ConcreteConfiguration c = null;
        FuProgram prog = null;
        String[] lines = text.split("\n", -1);
        for (int ln = 0; ln < lines.length; ln++) {
            String l = lines[ln];
            if (l.isEmpty()) {
                continue;
            }
            int line = ln + 1;
            String[] x = l.split("\t", -1);
            String tag = x.length > 1 && x[0].length() == 1 ? x[0] : "";
            if (tag.isEmpty()) {
                if (prog == null) {
                    throw new IllegalArgumentException("line " + line + ": instruction outside an 'F' record: " + l);
                }
                Diagnostics ds = new Diagnostics();
                FuProgram one = ProgramText.parse(prog.getFu(), l, "compact", line, ds);
                if (ds.hasErrors() || one.getInstructions().size() != 1) {
                    throw new IllegalArgumentException("line " + line + ": " + ds);
                }
                prog.getInstructions().add(one.getInstructions().get(0));
                continue;
            }
            if (c == null && !tag.equals("C")) {
                throw new IllegalArgumentException("line " + line + ": the first record must be 'C', found '" + tag + "'");
            }
            ProcessorClass last = c == null || c.getProcessorClasses().isEmpty() ? null : c.getProcessorClasses().get(c.getProcessorClasses().size() - 1);
            try {
                switch (tag) {
                    case "C" -> {
                        fields(x, 13, line);
                        c = f.createConcreteConfiguration();
                        c.setName(x[1]);
                        c.setPlaSource(x[2].isEmpty() ? null : x[2]);
                        c.getIntraTileDims().addAll(strings(x[3]));
                        c.getTileSizes().addAll(ints(x[4]));
                        c.getTileCounts().addAll(ints(x[5]));
                        c.setPi(Integer.parseInt(x[6]));
                        c.getLambdaJ().addAll(ints(x[7]));
                        c.getLambdaK().addAll(ints(x[8]));
                        c.setRegionRows(Integer.parseInt(x[9]));
                        c.setRegionCols(Integer.parseInt(x[10]));
                        c.setFifoCapacity(Integer.parseInt(x[11]));
                        c.setHopLatency(Integer.parseInt(x[12]));
                    }
                    case "P" -> {
                        fields(x, 3, line);
                        var p = f.createParameter();
                        p.setName(x[1]);
                        p.setValue(Long.parseLong(x[2]));
                        c.getParameters().add(p);
                    }
                    case "L" -> {
                        fields(x, 2, line);
                        c.getLatencies().add(x[1]);
                    }
                    case "K" -> {
                        fields(x, 4, line);
                        ProcessorClass pc = f.createProcessorClass();
                        pc.setName(x[1]);
                        pc.setDomain(PolySet.valueOf(x[2]));
                        pc.setKernelSpace(PolySet.valueOf(x[3]));
                        c.getProcessorClasses().add(pc);
                        prog = null;
                    }
                    case "D" -> {
                        fields(x, 3, line);
                        FdDepth d = f.createFdDepth();
                        d.setRegister(x[1]);
                        d.setDepth(Integer.parseInt(x[2]));
                        inClass(last, tag, line).getFdDepths().add(d);
                    }
                    case "F" -> {
                        fields(x, 2, line);
                        prog = f.createFuProgram();
                        prog.setFu(x[1]);
                        inClass(last, tag, line).getPrograms().add(prog);
                    }
                    case "S" -> {
                        fields(x, 3, line);
                        ControlSignal s = f.createControlSignal();
                        s.setName(x[1]);
                        s.setOneDomain(PolySet.valueOf(x[2]));
                        c.getControlSignals().add(s);
                        prog = null;
                    }
                    case "E" -> {
                        fields(x, 5, line);
                        Processor p = f.createProcessor();
                        p.setRow(Integer.parseInt(x[1]));
                        p.setCol(Integer.parseInt(x[2]));
                        p.getTile().addAll(ints(x[3]));
                        int k = Integer.parseInt(x[4]);
                        p.setProcessorClass(k < 0 ? null : c.getProcessorClasses().get(k));
                        c.getProcessors().add(p);
                        prog = null;
                    }
                    case "B" -> {
                        fields(x, 13, line);
                        Bank b = f.createBank();
                        b.setName(x[1]);
                        b.setKind(BankKind.get(Integer.parseInt(x[2])));
                        b.setVariable(x[3]);
                        b.setRow(Integer.parseInt(x[4]));
                        b.setCol(Integer.parseInt(x[5]));
                        b.setSide(Side.get(Integer.parseInt(x[6])));
                        b.setPort(Integer.parseInt(x[7]));
                        b.setEnable(PolySet.valueOf(x[8]));
                        b.getIndexMatrix().addAll(longs(x[9]));
                        b.getIndexOffset().addAll(longs(x[10]));
                        b.setBase(Long.parseLong(x[11]));
                        b.getStrides().addAll(longs(x[12]));
                        c.getBanks().add(b);
                        prog = null;
                    }
                    case "W" -> {
                        fields(x, 4, line);
                        Wrapper w = f.createWrapper();
                        w.setRow(Integer.parseInt(x[1]));
                        w.setCol(Integer.parseInt(x[2]));
                        for (String s : strings(x[3])) {
                            var m = java.util.regex.Pattern.compile("(\\d+)([^>]*)>(.*)").matcher(s);
                            if (!m.matches()) {
                                throw new IllegalArgumentException("connection '" + s + "' is not LAYERsource>sink");
                            }
                            Connection con = f.createConnection();
                            con.setLayer(Layer.get(Integer.parseInt(m.group(1))));
                            con.setSource(m.group(2));
                            con.setSink(m.group(3));
                            w.getConnections().add(con);
                        }
                        c.getWrappers().add(w);
                        prog = null;
                    }
                    default -> throw new IllegalArgumentException("unknown record '" + tag + "'");
                }
            } catch (RuntimeException e) {
                String msg = e instanceof NumberFormatException || e instanceof IndexOutOfBoundsException || e instanceof NullPointerException
                        ? "malformed field (" + e.getMessage() + ")" : e.getMessage();
                throw new IllegalArgumentException(msg.startsWith("line ") ? msg : "line " + line + ": " + msg, e);
            }
        }
        if (c == null) {
            throw new IllegalArgumentException("no configuration record 'C'");
        }
        return c;
    }

    private static void fields(String[] x, int n, int line) {
        if (x.length != n) {
            throw new IllegalArgumentException("line " + line + ": record '" + x[0] + "' needs " + (n - 1) + " fields, found " + (x.length - 1));
        }
    }

    private static ProcessorClass inClass(ProcessorClass pc, String tag, int line) {
        if (pc == null) {
            throw new IllegalArgumentException("line " + line + ": record '" + tag + "' before any processor class 'K'");
        }
        return pc;
    }

    private static List<String> strings(String s) {
        return s.isEmpty() ? List.of() : List.of(s.split(",", -1));
    }

    private static List<Integer> ints(String s) {
        return strings(s).stream().map(Integer::valueOf).toList();
    }

    private static List<Long> longs(String s) {
        return strings(s).stream().map(Long::valueOf).toList();
    }

    /** Size in bytes of the compact encoding (UTF-8). */
    public static int compactSize(ConcreteConfiguration c) {
        return compact(c).getBytes(StandardCharsets.UTF_8).length;
    }
}
