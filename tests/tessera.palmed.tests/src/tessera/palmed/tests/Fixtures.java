package tessera.palmed.tests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import tessera.core.Diagnostics;
import tessera.palmed.examples.Examples;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.Uop;

final class Fixtures extends tessera.testing.Fixtures {
    private Fixtures() {
    }

    static PortMapping example(String name) {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(name, Examples.text(name), d);
        if (pm == null) {
            throw new AssertionError(d.toString());
        }
        return pm;
    }

    /**
     * A random machine shaped like real ones: P ports, a family of port sets (every singleton plus a few unions), and
     * instructions of 1–2 μOPs drawn from the family.
     */
    static PortMapping randomMachine(Random rnd, int ports, int instructions) {
        List<String> ps = new ArrayList<>();
        for (int p = 0; p < ports; p++) {
            ps.add(Integer.toString(p));
        }
        List<TreeSet<String>> family = new ArrayList<>();
        for (String p : ps) {
            family.add(new TreeSet<>(List.of(p)));
        }
        int unions = 1 + rnd.nextInt(3);
        for (int u = 0; u < unions; u++) {
            TreeSet<String> s = new TreeSet<>();
            int size = 2 + rnd.nextInt(Math.max(1, ports - 1));
            while (s.size() < Math.min(size, ports)) {
                s.add(ps.get(rnd.nextInt(ports)));
            }
            family.add(s);
        }
        Map<String, List<Uop>> m = new LinkedHashMap<>();
        for (int i = 0; i < instructions; i++) {
            List<Uop> us = new ArrayList<>();
            int n = rnd.nextInt(4) == 0 ? 2 : 1;
            for (int k = 0; k < n; k++) {
                us.add(new Uop(1, family.get(rnd.nextInt(family.size()))));
            }
            m.put("I" + i, us);
        }
        return new PortMapping("rnd", new TreeSet<>(ps), m, 0);
    }

    static Kernel randomKernel(Random rnd, List<String> instrs, int maxDistinct, int maxCount) {
        Map<String, Integer> c = new LinkedHashMap<>();
        int d = 1 + rnd.nextInt(maxDistinct);
        for (int k = 0; k < d; k++) {
            c.merge(instrs.get(rnd.nextInt(instrs.size())), 1 + rnd.nextInt(maxCount), Integer::sum);
        }
        return Kernel.of(c);
    }
}
