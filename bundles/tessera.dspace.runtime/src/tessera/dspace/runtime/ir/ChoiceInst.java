package tessera.dspace.runtime.ir;

import java.util.List;

/** {@code choice($a, $b)}: a generic choice applied to variables. */
public record ChoiceInst(String choice, List<String> args) {
    public static ChoiceInst of(String choice, String... args) {
        return new ChoiceInst(choice, List.of(args));
    }

    @Override
    public String toString() {
        return choice + "(" + String.join(", ", args) + ")";
    }
}
