package tessera.regdem.ui;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import tessera.core.pass.ProjectSettings;
import tessera.regdem.RegdemRunner;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sim.LaunchSpec;

/**
 * The launch configuration the views analyse a kernel with: the builder pass's project settings {@code regdem.block},
 * {@code regdem.smem}, {@code regdem.arch} (from {@code tessera.properties}); when the project sets no block size the
 * kernel's own {@code # Launch: block=...} comment is used, and the view says so.
 *
 * @param threads threads per block (n of Eq. 1), or -1 when none is known
 * @param smem    dynamic shared memory of the launch (the spill area follows it), or null for none
 * @param arch    architecture override, or null for the kernel's {@code # Arch} (sm_52 when absent)
 * @param source  where the block size came from, for the view's status line
 */
public record LaunchSettings(int threads, Integer smem, String arch, String source) {
    public static final String SETTINGS_FILE = ProjectSettings.FILE;

    public boolean known() {
        return threads > 0;
    }

    /** Parses {@code tessera.properties} text (missing or unreadable: no settings), values trimmed. */
    public static Map<String, String> parseProperties(Optional<String> text) {
        Map<String, String> m = new LinkedHashMap<>();
        ProjectSettings.parse(text.orElse("")).forEach((k, v) -> m.put(k, v.trim()));
        return m;
    }

    /** Settings of a kernel: project settings first (like the builder pass), else the kernel's launch comment. */
    public static LaunchSettings of(Map<String, String> settings, String fileName, String kernelText) {
        Integer smem = null;
        String s = settings.get("regdem.smem");
        if (s != null) {
            try {
                smem = Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                return new LaunchSettings(-1, null, null, "regdem.smem must be a number of bytes, got '" + s + "'");
            }
        }
        String arch = settings.get("regdem.arch");
        String block = settings.get("regdem.block");
        if (block != null) {
            int n = RegdemRunner.parseBlock(block);
            return n > 0 ? new LaunchSettings(n, smem, arch, SETTINGS_FILE)
                    : new LaunchSettings(-1, smem, arch, "regdem.block must be N or NxM, got '" + block + "'");
        }
        try {
            Optional<LaunchSpec> ls = LaunchSpec.of(SassParser.parse(fileName, kernelText).program());
            if (ls.isPresent() && ls.get().threads() > 0) {
                return new LaunchSettings(ls.get().threads(), smem, arch, "# Launch line of the kernel");
            }
        } catch (RuntimeException e) {
            // a malformed launch comment is the simulator's business; here it only means "no block size"
        }
        return new LaunchSettings(-1, smem, arch,
                "no block size: add regdem.block=<threads per block> to " + SETTINGS_FILE);
    }
}
