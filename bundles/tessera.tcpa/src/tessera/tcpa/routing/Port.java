package tessera.tcpa.routing;

/**
 * A port of the interconnect wrapper (seed 003 §3.1): {@code location} is north, east, south, west or pe;
 * {@code source} is the orientation (true: wrapper input or PE output port, ▷; false: wrapper output or PE input
 * port, ◁); {@code index} is i. {@code pe0▷} = {@code new Port("pe", true, 0)}.
 */
public record Port(String location, boolean source, int index) {
    public boolean isPe() {
        return "pe".equals(location);
    }

    /** The paper's notation, e.g. {@code east0◁}. */
    public String paper() {
        return location + index + (source ? "▷" : "◁");
    }

    /** The .tcpa notation, e.g. {@code east.out0} (wrapper output = sink) or {@code pe.out0} (PE output = source). */
    public String ascii() {
        boolean input = isPe() ? !source : source;
        return location + "." + (input ? "in" : "out") + index;
    }

    @Override
    public String toString() {
        return paper();
    }
}
