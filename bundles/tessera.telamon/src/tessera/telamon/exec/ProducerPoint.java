package tessera.telamon.exec;

import java.util.List;

import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;

/**
 * Seed 001 §4.2.2, default semantics and point-to-point communication: the iteration of a producer that a consumer
 * reads at one of its points — the same index along dimensions both have, the consumer's index along the dimension a
 * producer dimension is mapped to, and the last index along the producer's other dimensions. A logical axis whose
 * dimensions are all common, or all mapped in order onto one logical axis of the consumer, takes the consumer's
 * logical index as it is (no tile size needed).
 */
final class ProducerPoint {
    private ProducerPoint() {
    }

    /** The producer's linear point read at consumer point {@code p}. */
    static long of(Kernel k, Sizes sizes, IterationSpace producer, IterationSpace consumer, long[] p, List<DimMap> mapped) {
        long[] q = new long[producer.axes.size()];
        for (int i = 0; i < q.length; i++) {
            IterationSpace.Axis a = producer.axes.get(i);
            if (a.logical() == null) {
                String e = a.dims().get(0);
                String c = source(e, consumer, mapped);
                q[i] = c == null ? a.size() - 1 : consumer.dimIndex(p, c);
                continue;
            }
            LogicalDim l = a.logical();
            int same = consumer.axisOfLogical(l.name());
            int onto = same >= 0 ? same : mappedAxis(k, l, consumer, mapped);
            if (onto >= 0) {
                q[i] = p[onto];
                continue;
            }
            String[] from = new String[l.dims().size()];
            boolean any = false;
            for (int j = 0; j < from.length; j++) {
                from[j] = source(l.dims().get(j), consumer, mapped);
                any |= from[j] != null;
            }
            if (!any) {
                q[i] = a.size() - 1;
                continue;
            }
            long[] idx = new long[from.length];
            for (int j = 0; j < from.length; j++) {
                idx[j] = from[j] == null ? sizes.dim(l.dims().get(j)) - 1 : consumer.dimIndex(p, from[j]);
            }
            q[i] = producer.compose(l, idx);
        }
        return producer.linear(q);
    }

    /** The consumer dimension whose index producer dimension {@code e} takes: itself when common, its map, or null. */
    private static String source(String e, IterationSpace consumer, List<DimMap> mapped) {
        if (consumer.hasDim(e)) {
            return e;
        }
        for (DimMap m : mapped) {
            if (m.producer().equals(e) && consumer.hasDim(m.consumer())) {
                return m.consumer();
            }
        }
        return null;
    }

    /** The consumer's logical axis that all of l's dimensions are mapped onto, in order; -1 when there is none. */
    private static int mappedAxis(Kernel k, LogicalDim l, IterationSpace consumer, List<DimMap> mapped) {
        String first = target(l.dims().get(0), mapped);
        if (first == null || k.dim(first).logical() == null) {
            return -1;
        }
        LogicalDim target = k.logical(k.dim(first).logical());
        int axis = consumer.axisOfLogical(target.name());
        if (axis < 0 || target.dims().size() != l.dims().size()) {
            return -1;
        }
        for (int j = 0; j < l.dims().size(); j++) {
            if (!target.dims().get(j).equals(target(l.dims().get(j), mapped))) {
                return -1;
            }
        }
        return axis;
    }

    private static String target(String e, List<DimMap> mapped) {
        for (DimMap m : mapped) {
            if (m.producer().equals(e)) {
                return m.consumer();
            }
        }
        return null;
    }
}
