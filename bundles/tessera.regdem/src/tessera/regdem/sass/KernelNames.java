package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.List;

/**
 * The C++ name of a mangled kernel name, as far as choosing a kernel needs it (Itanium C++ ABI, "Mangling": an
 * unscoped {@code _Z<len><id>} or nested {@code _ZN<len><id>...E} name, optionally {@code L} internal linkage,
 * {@code St} = {@code std::}; parameters and template arguments are ignored). {@code _Z5scaleifPf} is {@code scale},
 * {@code _ZN2ns6kernelEPf} is {@code ns::kernel}; {@code extern "C"} names are not mangled and stay as they are.
 */
public final class KernelNames {
    private KernelNames() {
    }

    /** The scoped name ({@code ns::kernel}) of a mangled name, or null when {@code name} is not a mangled name. */
    public static String qualified(String name) {
        if (name == null || !name.startsWith("_Z")) {
            return null;
        }
        int[] pos = {2};
        if (at(name, pos[0]) == 'L') {
            pos[0]++;
        }
        List<String> parts = new ArrayList<>();
        if (at(name, pos[0]) == 'N') {
            pos[0]++;
            while ("rVKRO".indexOf(at(name, pos[0])) >= 0 && at(name, pos[0]) != 0) {
                pos[0]++;
            }
            while (true) {
                char c = at(name, pos[0]);
                if (c == 'S' && at(name, pos[0] + 1) == 't') {
                    parts.add("std");
                    pos[0] += 2;
                } else if (Character.isDigit(c)) {
                    String id = sourceName(name, pos);
                    if (id == null) {
                        return null;
                    }
                    parts.add(id);
                } else {
                    break; // E ends the nested name, I starts template arguments
                }
            }
        } else {
            if (at(name, pos[0]) == 'S' && at(name, pos[0] + 1) == 't') {
                parts.add("std");
                pos[0] += 2;
            }
            String id = sourceName(name, pos);
            if (id == null) {
                return null;
            }
            parts.add(id);
        }
        return parts.isEmpty() ? null : String.join("::", parts);
    }

    /** {@code <len><identifier>} at pos[0]; advances pos[0]; null when malformed. */
    private static String sourceName(String s, int[] pos) {
        int p = pos[0];
        int len = 0;
        while (p < s.length() && Character.isDigit(s.charAt(p))) {
            len = len * 10 + (s.charAt(p) - '0');
            if (len > s.length()) {
                return null;
            }
            p++;
        }
        if (p == pos[0] || len == 0 || p + len > s.length()) {
            return null;
        }
        pos[0] = p + len;
        return s.substring(p, p + len);
    }

    private static char at(String s, int i) {
        return i < s.length() ? s.charAt(i) : 0;
    }
}
