package tessera.dspace.runtime.csp;

import java.util.Arrays;

/**
 * Seed 001a §3.9 Algorithm 1's set U of variables whose domain changed: a FIFO ring that holds each variable at most
 * once and grows on demand.
 */
final class PropagationQueue {
    private int[] queue = new int[64];
    private int qh, qt;
    private boolean[] inQueue;

    /** Makes room for {@code nvars} variables (a new candidate, or the variables a lowering added). */
    void resize(int nvars) {
        inQueue = inQueue == null ? new boolean[nvars] : Arrays.copyOf(inQueue, nvars);
    }

    boolean isEmpty() {
        return qh == qt;
    }

    void add(int v) {
        if (inQueue[v]) {
            return;
        }
        inQueue[v] = true;
        int size = (qt - qh + queue.length) % queue.length;
        if (size + 1 >= queue.length) {
            int[] q = new int[queue.length * 2];
            for (int i = 0; i < size; i++) {
                q[i] = queue[(qh + i) % queue.length];
            }
            queue = q;
            qh = 0;
            qt = size;
        }
        queue[qt] = v;
        qt = (qt + 1) % queue.length;
    }

    int poll() {
        int v = queue[qh];
        qh = (qh + 1) % queue.length;
        inQueue[v] = false;
        return v;
    }

    void clear() {
        qh = qt = 0;
        Arrays.fill(inQueue, false);
    }
}
