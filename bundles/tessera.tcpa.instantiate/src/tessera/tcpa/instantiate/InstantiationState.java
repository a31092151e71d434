package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/** What the {@link Instantiator#STEPS} of one instantiation share: the inputs, each step's results, the diagnostics. */
public final class InstantiationState {
    final SymbolicConfiguration sym;
    final Architecture arch;
    final Instantiator.Parameters params;
    final String file;
    final Monitor m;
    final Diagnostics ds = new Diagnostics();
    // concretization
    Concretization.Context ctx;
    Pst pst;
    List<PolySet> leafDomains;
    Map<String, Long> fdDepths;
    TilePatterns patterns;
    SliceCompression z;
    // processor classes, the configuration's header and the control signals' collector
    List<ProcessorClasses.ProcessorClass> pcs;
    ConcreteConfiguration out;
    ControlSignals signals;
    // programs
    final List<Instantiator.ClassDetail> details = new ArrayList<>();
    final Map<Integer, ProcessorClass> classOfTile = new LinkedHashMap<>();
    // periphery
    Map<String, String> routes;
    List<IoInstantiation.Io> io;

    InstantiationState(SymbolicConfiguration sym, Architecture arch, Instantiator.Parameters params, String file, Monitor m) {
        this.sym = sym;
        this.arch = arch;
        this.params = params;
        this.file = file;
        this.m = m;
    }
}
