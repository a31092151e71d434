package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import tessera.core.poly.PolySet;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.poly.Polynomial;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.ControlSignal;
import tessera.tcpa.concrete.FdDepth;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Parameter;
import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.RegisterClass;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * Seed 003 §6: symbolic configuration + run-time parameters → concrete configuration, as the named {@link #STEPS}:
 * {@link Concretization}, {@link ProcessorClasses} (Alg. 1 / Eq. 2), per class the specialisation (Def. 6.2),
 * {@link Folding} (Alg. 2), {@link KernelClasses}, {@link ControlFlow} (Alg. 3) and {@link ProgramGeneration} (Alg. 4),
 * {@link ControlSignals} (§6.2), the processors, then {@link IoInstantiation} (§6.4) and {@link InterconnectInstantiation}.
 */
public final class Instantiator {
    private static final ConcreteFactory F = ConcreteFactory.eINSTANCE;

    /** Run-time parameters: loop bounds and the PE region rows × cols. */
    public record Parameters(Map<String, Long> bounds, int rows, int cols) {
    }

    /** Per class and FU: the kernel classes and the CFG (for reports and tests). */
    public record ClassDetail(String name, BitSet tiles, Map<String, ControlFlow.Cfg> cfgs) {
    }

    public record Result(ConcreteConfiguration config, List<ClassDetail> classes, Diagnostics diagnostics) {
        public boolean ok() {
            return config != null && !diagnostics.hasErrors();
        }
    }

    private Instantiator() {
    }

    public static Result run(SymbolicConfiguration sym, Architecture arch, Parameters params, String file, Monitor monitor) {
        return run(sym, arch, params, file, monitor, true);
    }

    /** Program instantiation only (processor classes, programs, GC; no banks and wrappers): what Table 1 of §7 times. */
    public static Result programs(SymbolicConfiguration sym, Architecture arch, Parameters params, String file, Monitor monitor) {
        return run(sym, arch, params, file, monitor, false);
    }

    /** One named step of the instantiation: reads the state built so far, adds its results. */
    public record Step(String name, Consumer<InstantiationState> apply) {
    }

    /** The steps in order; Table 1 of §7 times the first five ({@link #programs}), the last two add the periphery. */
    public static final List<Step> STEPS = List.of(
            new Step("concretization (§6 step 1)", Instantiator::concretize),
            new Step("processor classes (Alg. 1, Eq. 2)", Instantiator::classify),
            new Step("programs per class (Def. 6.2, Algs. 2-4)", Instantiator::programs),
            new Step("control signals (§6.2)", Instantiator::signals),
            new Step("processors", Instantiator::processors),
            new Step("I/O banks and address generators (§6.4)", Instantiator::io),
            new Step("interconnect", Instantiator::interconnect));

    private static final int PROGRAM_STEPS = 5;

    private static Result run(SymbolicConfiguration sym, Architecture arch, Parameters params, String file, Monitor monitor, boolean periphery) {
        InstantiationState s = new InstantiationState(sym, arch, params, file, monitor == null ? Monitor.NULL : monitor);
        try {
            checkRegion(arch, params.rows(), params.cols());
            for (Step step : periphery ? STEPS : STEPS.subList(0, PROGRAM_STEPS)) {
                step.apply().accept(s);
            }
            return new Result(s.out, s.details, s.ds);
        } catch (InstantiationException e) {
            s.ds.add(Diagnostic.error(file, 1, e.getMessage(), e.hint()));
            return new Result(null, List.of(), s.ds);
        } catch (ArithmeticException e) { // an exact product or sum beyond 64 bits: too large, not an internal error
            s.ds.add(Diagnostic.error(file, 1, "the instantiation for " + params.bounds() + " on " + params.rows() + "x" + params.cols()
                    + " overflows 64-bit arithmetic (" + e.getMessage() + ")", "use smaller loop bounds or a smaller PE region"));
            return new Result(null, List.of(), s.ds);
        }
    }

    /**
     * The PE region must lie within the architecture's array (issue 22: {@code --pes 1x100000} on a 1x32 array is an
     * error naming both, not 100,000 tiles).
     */
    public static void checkRegion(Architecture arch, int rows, int cols) {
        if (rows < 1 || cols < 1) {
            throw new InstantiationException("the PE region (--pes) " + rows + "x" + cols + " is empty", "give at least 1x1");
        }
        if (arch != null && arch.getGrid() != null && (rows > arch.getGrid().getRows() || cols > arch.getGrid().getCols())) {
            throw new InstantiationException("the PE region (--pes) " + rows + "x" + cols + " does not fit the " + arch.getGrid().getRows()
                    + "x" + arch.getGrid().getCols() + " array of " + arch.getName(), "give at most --pes " + arch.getGrid().getRows()
                            + "x" + arch.getGrid().getCols());
        }
    }

    private static void concretize(InstantiationState s) {
        s.ctx = Concretization.apply(s.sym, s.params.bounds(), s.params.rows(), s.params.cols());
        checkRotation(s.sym, s.ctx);
        s.pst = Pst.of(s.sym);
        s.leafDomains = s.pst.leafDomains();
        s.m.begin("instantiate " + s.sym.getName(), 4);
        int reach = 0; // iterations a kernel looks back (epilog stages) or ahead (FD reads)
        for (Pst.FuNode fu : s.pst.fus()) {
            for (Pst.InstrNode in : fu.instructions()) {
                reach = Math.max(reach, in.tau() / s.ctx.pi() + 1);
            }
        }
        s.fdDepths = fdDepths(s.sym, s.ctx);
        for (long d : s.fdDepths.values()) {
            reach = (int) Math.max(reach, d + 1);
        }
        s.patterns = new TilePatterns(s.ctx, s.leafDomains, reach);
        s.z = s.patterns.compression();
        if (s.m.isCanceled()) {
            throw new InstantiationException("instantiation canceled", "run it again");
        }
    }

    private static void classify(InstantiationState s) {
        s.pcs = ProcessorClasses.compute(s.patterns, s.leafDomains);
        s.m.worked(1);
        s.out = header(s.sym, s.ctx);
        s.out.getLatencies().addAll(ProgramGeneration.latencies(s.sym, s.arch));
        int limit = s.arch == null || s.arch.getControl() == null ? 8 : s.arch.getControl().getSignals();
        s.signals = new ControlSignals(limit);
    }

    /** Per processor class: specialisation (Def. 6.2), folding (Alg. 2), kernel classes, CFG (Alg. 3), programs (Alg. 4). */
    private static void programs(InstantiationState s) {
        Concretization.Context ctx = s.ctx;
        for (int c = 0; c < s.pcs.size(); c++) {
            ProcessorClasses.ProcessorClass pc = s.pcs.get(c);
            String name = "P" + (c + 1);
            Map<Pst.Leaf, BitSet> split = new java.util.IdentityHashMap<>();
            int lastReal = -1;
            for (Pst.FuNode fu : s.pst.fus()) {
                for (Pst.InstrNode in : fu.instructions()) {
                    for (Pst.Role role : in.roles()) {
                        for (Pst.Leaf l : role.leaves()) {
                            BitSet b = s.patterns.split(l.domain(), pc.representative());
                            split.put(l, b);
                            lastReal = Math.max(lastReal, b.length() - 1);
                        }
                    }
                }
            }
            dropDeadFeedbackWrites(s.pst, split, s.fdDepths);
            ProcessorClass model = F.createProcessorClass();
            model.setName(name);
            model.setDomain(PolySet.valueOf(ctx.tileText(pc.tiles())));
            Map<String, ControlFlow.Cfg> cfgs = new LinkedHashMap<>();
            int space = 0;
            for (Pst.FuNode fu : s.pst.fus()) {
                Folding.FoldedProgram f = Folding.fold(fu, ctx.pi(), split);
                if (f.isEmpty() || lastReal < 0) {
                    continue;
                }
                // P17: 𝓙_{pc,fu} = the box prefix up to the class's last real iteration in λ^J order, plus this FU's epilog
                int length = s.z.last(lastReal) + 1 + f.stages();
                space = Math.max(space, length);
                String where = name + ", " + fu.fu();
                // kernel classes, CFG and control signals on the compressed iterations n′ (interference and transitions
                // are preserved: every n′ stands for a nonempty set of n, disjoint from the others'); n for the details
                int compressed = lastReal + 1 + f.stages();
                ControlFlow.Cfg cfg = ControlFlow.build(KernelClasses.compute(f, ctx.pi(), compressed, where), compressed);
                cfgs.put(fu.fu(), expand(cfg, s.z, length));
                FuProgram prog = ProgramGeneration.generate(s.arch, fu.fu(), cfg, ctx.pi(), s.signals, where);
                model.getPrograms().add(prog);
            }
            BitSet ks = new BitSet();
            ks.set(0, space);
            model.setKernelSpace(PolySet.valueOf(ctx.text(ks)));
            s.fdDepths.forEach((reg, d) -> {
                FdDepth fd = F.createFdDepth();
                fd.setRegister(reg);
                fd.setDepth(d.intValue());
                model.getFdDepths().add(fd);
            });
            s.out.getProcessorClasses().add(model);
            s.details.add(new ClassDetail(name, pc.tiles(), cfgs));
            for (int k = pc.tiles().nextSetBit(0); k >= 0; k = pc.tiles().nextSetBit(k + 1)) {
                s.classOfTile.put(k, model);
            }
            s.m.worked(1);
        }
    }

    private static void signals(InstantiationState s) {
        ControlSignals signals = s.signals;
        signals.colour();
        signals.warnings().forEach(w -> s.ds.add(Diagnostic.warning(s.file, 1, w, "the greedy colouring is used; give the instantiation more time or accept it")));
        for (ProcessorClass pc : s.out.getProcessorClasses()) {
            for (FuProgram prog : pc.getPrograms()) {
                for (var in : prog.getInstructions()) {
                    in.getBranch().getSignals().replaceAll(signals::name);
                }
            }
        }
        for (ControlSignals.Global g : signals.globals()) {
            ControlSignal cs = F.createControlSignal();
            cs.setName(g.name());
            cs.setOneDomain(PolySet.valueOf(s.ctx.text(s.z.expand(g.ones(), Integer.MAX_VALUE))));
            s.out.getControlSignals().add(cs);
        }
    }

    private static void processors(InstantiationState s) {
        for (int k = 0; k < s.ctx.tileCount(); k++) {
            long[] tile = s.ctx.tile(k);
            int[] pe = s.ctx.pe(tile);
            Processor p = F.createProcessor();
            p.setRow(pe[0]);
            p.setCol(pe[1]);
            for (long x : tile) {
                p.getTile().add((int) x);
            }
            p.setProcessorClass(s.classOfTile.get(k));
            s.out.getProcessors().add(p);
        }
    }

    private static void io(InstantiationState s) {
        s.routes = InterconnectInstantiation.routes(s.ctx);
        s.io = IoInstantiation.instantiate(s.ctx, s.arch, s.routes);
        s.io.forEach(x -> s.out.getBanks().add(x.bank()));
    }

    private static void interconnect(InstantiationState s) {
        InterconnectInstantiation.instantiate(s.ctx, s.routes, s.io, s.out);
    }

    /** The CFG over the tile's iterations n (kernel classes and transition spaces of the compressed one expanded). */
    private static ControlFlow.Cfg expand(ControlFlow.Cfg c, SliceCompression z, int length) {
        if (!z.compresses()) {
            return c;
        }
        List<KernelClasses.KernelClass> nodes = new ArrayList<>();
        for (KernelClasses.KernelClass q : c.nodes()) {
            nodes.add(new KernelClasses.KernelClass(z.expand(q.iterations(), length), q.kernel()));
        }
        List<ControlFlow.Edge> edges = new ArrayList<>();
        for (ControlFlow.Edge e : c.edges()) {
            edges.add(new ControlFlow.Edge(e.from(), e.to(), z.expand(e.transition(), length)));
        }
        return new ControlFlow.Cfg(nodes, edges, c.exit());
    }

    /**
     * P11: the PST rotates an RD k-tuple by j_fast mod k (PstGeneration); consecutive iterations get consecutive
     * registers only if k divides p_fast or the tile is a single line along j_fast. Otherwise two live values would
     * share a register: refuse with the edge and the tile sizes that work.
     */
    static void checkRotation(SymbolicConfiguration sym, Concretization.Context ctx) {
        if (sym.getTiling() == null || sym.getTiling().getIntraOrder().isEmpty()) {
            return;
        }
        int fast = sym.getTiling().getIntraOrder().get(sym.getTiling().getIntraOrder().size() - 1);
        long pFast = ctx.p().get(fast);
        long others = 1;
        for (int x = 0; x < ctx.p().size(); x++) {
            others *= x == fast ? 1 : ctx.p().get(x);
        }
        for (DataEdge e : sym.getEdges()) {
            int k = e.getRegisterClass() == RegisterClass.RD ? e.getRegisters().size() : 1;
            if (k > 1 && others > 1 && pFast % k != 0) {
                throw new InstantiationException("edge " + e.getId() + " keeps its value in the rotating registers " + e.getRegisters()
                        + " (k = " + k + ") by " + sym.getTiling().getIntraIndices().get(fast) + " mod " + k + ", but the tile size "
                        + sym.getTiling().getTileSizes().get(fast) + " = " + pFast + " is not a multiple of " + k,
                        "choose loop bounds or a region that make " + sym.getTiling().getTileSizes().get(fast) + " a multiple of " + k);
            }
        }
    }

    private static ConcreteConfiguration header(SymbolicConfiguration sym, Concretization.Context ctx) {
        ConcreteConfiguration c = F.createConcreteConfiguration();
        String name = sym.getName() + ctx.params().entrySet().stream().map(e -> "-" + e.getKey() + e.getValue()).reduce("", String::concat);
        c.setName(name);
        c.setPlaSource(sym.getSource());
        ctx.params().forEach((k, v) -> {
            Parameter p = F.createParameter();
            p.setName(k);
            p.setValue(v);
            c.getParameters().add(p);
        });
        c.getIntraTileDims().addAll(ctx.embedding().intra());
        ctx.p().forEach(x -> c.getTileSizes().add(x.intValue()));
        ctx.t().forEach(x -> c.getTileCounts().add(x.intValue()));
        c.setPi(ctx.pi());
        ctx.lambdaJ().forEach(x -> c.getLambdaJ().add(x.intValue()));
        ctx.lambdaK().forEach(x -> c.getLambdaK().add(x.intValue()));
        // P20: a channel's consumer lags its producer by at most one tile (λ^K = π·|tile| per axis), so a FIFO never holds more
        c.setFifoCapacity(Math.max(8, ctx.boxSize() + 1));
        c.setRegionRows(ctx.rows());
        c.setRegionCols(ctx.cols());
        return c;
    }

    /** §6 step 1: FD depths λ^J·d/π evaluated (P4: iterations, not cycles), per feedback register. */
    static Map<String, Long> fdDepths(SymbolicConfiguration sym, Concretization.Context ctx) {
        Map<String, Long> depth = new LinkedHashMap<>();
        for (DataEdge e : sym.getEdges()) {
            if (e.getRegisterClass() == RegisterClass.FD && e.getFdDepth() != null && !e.getFdDepth().isBlank()) {
                long d = Polynomial.parse(e.getFdDepth()).evaluate(ctx.params());
                for (String r : e.getRegisters()) {
                    depth.merge(r, d, Math::max);
                }
            }
        }
        return depth;
    }

    /**
     * P12/P21: an FD is a FIFO whose writes and reads must pair up per tile; a write in iteration n is read in n + depth.
     * Writes without that read (the value's consumer lies outside a partial tile) are dropped from the dest leaf.
     */
    static void dropDeadFeedbackWrites(Pst pst, Map<Pst.Leaf, BitSet> split, Map<String, Long> depth) {
        Map<String, BitSet> reads = new LinkedHashMap<>();
        for (Pst.FuNode fu : pst.fus()) {
            for (Pst.InstrNode in : fu.instructions()) {
                for (Pst.Role role : in.roles()) {
                    for (Pst.Leaf l : role.leaves()) {
                        if (!role.isDest() && depth.containsKey(l.operand())) {
                            reads.computeIfAbsent(l.operand(), x -> new BitSet()).or(split.get(l));
                        }
                    }
                }
            }
        }
        for (Pst.FuNode fu : pst.fus()) {
            for (Pst.InstrNode in : fu.instructions()) {
                for (Pst.Role role : in.roles()) {
                    for (Pst.Leaf l : role.leaves()) {
                        if (role.isDest() && depth.containsKey(l.operand())) {
                            BitSet kept = Folding.shift(reads.getOrDefault(l.operand(), new BitSet()), -depth.get(l.operand()).intValue());
                            kept.and(split.get(l));
                            split.put(l, kept);
                        }
                    }
                }
            }
        }
    }
}
