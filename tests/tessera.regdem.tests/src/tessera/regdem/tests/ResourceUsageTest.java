package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.cubin.Cubin;
import tessera.regdem.cubin.CubinKernel;
import tessera.regdem.cubin.CubinReader;
import tessera.regdem.cubin.KernelParam;
import tessera.regdem.cubin.ListingEstimate;
import tessera.regdem.cubin.ResourceException;
import tessera.regdem.cubin.ResourceReports;
import tessera.regdem.cubin.ResourceSource;
import tessera.regdem.cubin.ResourceUsage;

/**
 * {@code tessera.regdem.cubin} against the real nvcc 13.0 corpus data/nvcc: the cubin reader agrees with ptxas's
 * {@code -v} report for every kernel, kernel names with the listings, the listing estimate's register rule holds, and
 * bad input becomes a {@link ResourceException}.
 */
class ResourceUsageTest {

    static List<NvccCorpus.Entry> entries() {
        return NvccCorpus.entries();
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p);
    }

    private static Map<String, ResourceUsage> byName(List<ResourceUsage> l) {
        Map<String, ResourceUsage> m = new HashMap<>();
        l.forEach(u -> m.put(u.name(), u));
        return m;
    }

    /** Registers, static shared and stack frame (and barriers, cmem[0] where ptxas reports them) equal ptxas's. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void cubinAgreesWithPtxasLog(NvccCorpus.Entry e) throws Exception {
        Cubin c = CubinReader.read(e.cubin());
        List<ResourceUsage> log = ResourceReports.parsePtxasLog(e.ptxas().toString(), read(e.ptxas()));
        assertEquals(e.arch(), c.arch());
        assertEquals(8, c.abiVersion(), "CUDA 13 writes ELF ABI version 8");
        assertEquals(log.stream().map(ResourceUsage::name).sorted().toList(),
                c.usages().stream().map(ResourceUsage::name).sorted().toList());
        Map<String, ResourceUsage> cubin = byName(c.usages());
        for (ResourceUsage p : log) {
            ResourceUsage k = cubin.get(p.name());
            assertEquals(ResourceSource.CUBIN, k.source());
            assertEquals(ResourceSource.PTXAS_LOG, p.source());
            assertEquals(e.arch(), p.arch());
            assertEquals(p.registers(), k.registers(), p.name() + " registers");
            assertEquals(p.staticSharedBytes(), k.staticSharedBytes(), p.name() + " static shared");
            assertEquals(p.localBytes(), k.localBytes(), p.name() + " stack frame");
            assertEquals(p.barriers(), k.barriers(), p.name() + " barriers");
            if (p.constantBank0Bytes().isPresent()) {
                assertEquals(p.constantBank0Bytes(), k.constantBank0Bytes(), p.name() + " cmem[0]");
            }
        }
    }

    /** The whole corpus at once: 100 % agreement, and every listing kernel is covered. */
    @Test
    void agreementOverTheWholeCorpus() throws Exception {
        int kernels = 0;
        int agree = 0;
        int functions = 0;
        for (NvccCorpus.Entry e : entries()) {
            Map<String, ResourceUsage> cubin = byName(CubinReader.read(e.cubin()).usages());
            for (ResourceUsage p : ResourceReports.parsePtxasLog(e.ptxas().toString(), read(e.ptxas()))) {
                kernels++;
                ResourceUsage k = cubin.get(p.name());
                if (k != null && k.registers() == p.registers() && k.staticSharedBytes() == p.staticSharedBytes()
                        && k.localBytes() == p.localBytes()) {
                    agree++;
                }
            }
            functions += listingFunctions(e.text()).size();
        }
        assertEquals(kernels, agree, "kernels where the cubin reader and ptxas agree");
        assertEquals(functions, kernels, "every Function of the listings has a ptxas entry");
        assertTrue(kernels >= 85, "the corpus has at least 85 kernels, found " + kernels);
    }

    private static final Pattern FUNCTION = Pattern.compile("(?m)^\\s*Function : (\\S+)\\s*$");

    private static List<String> listingFunctions(String text) {
        List<String> names = new ArrayList<>();
        Matcher m = FUNCTION.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** The cubin's kernels, in section order, are the listing's {@code Function :} names in listing order. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void kernelNamesAreTheListingsFunctions(NvccCorpus.Entry e) throws Exception {
        Cubin c = CubinReader.read(e.cubin());
        assertEquals(listingFunctions(e.text()), c.kernels().stream().map(CubinKernel::name).toList());
        assertEquals(c.kernels().size(), c.functions().size(), "the corpus has no separate device functions");
    }

    private static final Pattern GPR = Pattern.compile("\\bR(\\d+)\\b");
    private static final Pattern CODE_LINE = Pattern.compile("^\\s*/\\*[0-9a-f]{4,}\\*/(.*?);");

    /** Highest Rn named per function, by regex over the text (independent of the SASS parser). */
    private static Map<String, Integer> highestByRegex(String text) {
        Map<String, Integer> out = new HashMap<>();
        String cur = null;
        for (String line : text.split("\n")) {
            Matcher f = FUNCTION.matcher(line);
            if (f.matches()) {
                cur = f.group(1);
                out.put(cur, -1);
                continue;
            }
            Matcher c = CODE_LINE.matcher(line);
            if (cur != null && c.find()) {
                Matcher r = GPR.matcher(c.group(1));
                while (r.find()) {
                    out.merge(cur, Integer.parseInt(r.group(1)), Math::max);
                }
            }
        }
        return out;
    }

    /** The measured rule: cubin registers = highest Rn named + 1 + 2 on sm_75..sm_90, for every kernel. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void registerRuleHoldsByRegex(NvccCorpus.Entry e) throws Exception {
        Map<String, Integer> highest = highestByRegex(e.text());
        ArchSpec arch = ArchSpec.find(e.arch()).orElseThrow();
        for (ResourceUsage k : CubinReader.read(e.cubin()).usages()) {
            assertEquals(k.registers(), highest.get(k.name()) + 1 + ListingEstimate.reservedRegisters(arch),
                    k.name());
        }
    }

    /** {@link ListingEstimate} (SassParser + RegisterUnits) gives the cubin's count for every kernel. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void listingEstimateEqualsCubin(NvccCorpus.Entry e) throws Exception {
        List<ResourceUsage> est = ListingEstimate.estimateAll(e.sass().toString(), e.text(), null);
        Cubin c = CubinReader.read(e.cubin());
        assertEquals(c.kernels().stream().map(CubinKernel::name).toList(), est.stream().map(ResourceUsage::name)
                .toList());
        Map<String, ResourceUsage> cubin = byName(c.usages());
        for (ResourceUsage u : est) {
            assertEquals(ResourceSource.LISTING_ESTIMATE, u.source());
            assertEquals(e.arch(), u.arch());
            assertEquals(cubin.get(u.name()).registers(), u.registers(), u.name());
            assertEquals(0, u.staticSharedBytes(), "a cuobjdump listing does not say its shared size");
        }
    }

    /** Parameters: ordinals 0..n-1, n = the source's parameter count, packed in the block cmem[0] ends with. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void parameterLayout(NvccCorpus.Entry e) throws Exception {
        String src = read(NvccCorpus.root().resolve("src/" + e.name() + ".cu"));
        for (CubinKernel k : CubinReader.read(e.cubin()).kernels()) {
            List<KernelParam> ps = k.params();
            assertEquals(sourceParameterCount(src, baseName(k.name())), ps.size(), k.name());
            int end = 0;
            for (int i = 0; i < ps.size(); i++) {
                KernelParam p = ps.get(i);
                assertEquals(i, p.ordinal());
                assertTrue(p.size() == 4 || p.size() == 8, k.name() + " param " + i + " size " + p.size());
                assertEquals(0, p.offset() % p.size(), "aligned to its size");
                assertTrue(p.offset() >= end, "parameters do not overlap");
                end = p.offset() + p.size();
            }
            assertEquals(end, k.paramBytes(), k.name() + " EIATTR_CBANK_PARAM_SIZE");
            assertEquals(e.arch().equals("sm_90") ? 0x210 : 0x160, k.paramBase(), k.name() + " parameter base");
            assertEquals(OptionalInt.of(k.paramBase() + k.paramBytes()), k.usage().constantBank0Bytes());
        }
    }

    /** {@code _Z9histogramiPKhPj} -> {@code histogram}. */
    private static String baseName(String mangled) {
        Matcher m = Pattern.compile("^_Z(\\d+)").matcher(mangled);
        assertTrue(m.find(), mangled);
        int n = Integer.parseInt(m.group(1));
        return mangled.substring(m.end(), m.end() + n);
    }

    private static int sourceParameterCount(String src, String name) {
        Matcher m = Pattern.compile("\\b" + name + "\\s*\\(").matcher(src);
        assertTrue(m.find(), name);
        int depth = 1;
        int commas = 0;
        boolean any = false;
        for (int i = m.end(); depth > 0; i++) {
            char ch = src.charAt(i);
            if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
            } else if (ch == ',' && depth == 1) {
                commas++;
            } else if (!Character.isWhitespace(ch)) {
                any = true;
            }
        }
        return any ? commas + 1 : 0;
    }

    /** On sm_90 the shared section holds the 1 KB reserved area; RegDem's size excludes it (multi.cubin values). */
    @Test
    void sm90SharedSectionIncludesReservedArea() throws Exception {
        Path dir = NvccCorpus.root().resolve("sm_90");
        Cubin c = CubinReader.read(dir.resolve("multi.cubin"));
        CubinKernel histogram = c.kernel("_Z9histogramiPKhPj").orElseThrow();
        CubinKernel scale = c.kernel("_Z5scaleifPf").orElseThrow();
        assertEquals(0x800, histogram.sharedSectionBytes());
        assertEquals(1024, histogram.usage().staticSharedBytes());
        assertEquals(0x400, scale.sharedSectionBytes());
        assertEquals(0, scale.usage().staticSharedBytes());
        Cubin c75 = CubinReader.read(NvccCorpus.root().resolve("sm_75/multi.cubin"));
        assertEquals(1024, c75.kernel("_Z9histogramiPKhPj").orElseThrow().sharedSectionBytes());
    }

    /** The CUDA <= 12 header form (as ../cubin_abi7.py writes it) reads the same. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void olderElfAbiReadsTheSame(NvccCorpus.Entry e) throws Exception {
        byte[] b = Files.readAllBytes(e.cubin());
        int flags = (b[0x30] & 0xff) | (b[0x31] & 0xff) << 8 | (b[0x32] & 0xff) << 16 | (b[0x33] & 0xff) << 24;
        int sm = (flags >>> 8) & 0xff;
        b[7] = 0x33;
        b[8] = 7;
        int old = sm | 0x500 | sm << 16;
        for (int i = 0; i < 4; i++) {
            b[0x30 + i] = (byte) (old >>> (8 * i));
        }
        Cubin c7 = CubinReader.read("abi7.cubin", b);
        Cubin c8 = CubinReader.read(e.cubin());
        assertEquals(7, c7.abiVersion());
        assertEquals(c8.arch(), c7.arch());
        assertEquals(c8.functions(), c7.functions());
    }

    @Test
    void resUsageAgreesWithCubins() throws Exception {
        Path dir = NvccCorpus.root().resolve("res-usage");
        int files = 0;
        for (String arch : NvccCorpus.ARCHS) {
            Path f = dir.resolve(arch + ".txt");
            if (!Files.exists(f)) {
                continue;
            }
            files++;
            Map<String, ResourceUsage> cubin = new HashMap<>();
            for (NvccCorpus.Entry e : entries()) {
                if (e.arch().equals(arch)) {
                    cubin.putAll(byName(CubinReader.read(e.cubin()).usages()));
                }
            }
            List<ResourceUsage> res = ResourceReports.parseResUsage(f.toString(), read(f), arch);
            assertEquals(cubin.keySet(), byName(res).keySet(), arch);
            for (ResourceUsage r : res) {
                ResourceUsage k = cubin.get(r.name());
                assertEquals(ResourceSource.RES_USAGE, r.source());
                assertEquals(k.registers(), r.registers(), r.name());
                assertEquals(k.staticSharedBytes(), r.staticSharedBytes(), r.name());
                assertEquals(k.localBytes(), r.localBytes(), r.name());
                assertEquals(k.constantBank0Bytes(), r.constantBank0Bytes(), r.name());
            }
        }
        assertEquals(5, files, "res-usage/sm_75 … sm_90 (CUDA 13 cuobjdump on the GPU machine)");
    }

    /** [CONSTRUCTED] fatbin-style output for sm_90: SHARED includes the reserved 1 KB, which is taken off. */
    @Test
    void resUsageOfSm90DropsTheReservedArea() throws Exception {
        String text = """
                Fatbin elf code:
                ================
                arch = sm_90
                code version = [1,8]
                host = linux
                compile_size = 64bit

                Resource usage:
                 Common:
                  GLOBAL:0
                 Function _Z12mixed_sharediPKfPf:
                  REG:12 STACK:0 SHARED:1280 LOCAL:0 CONSTANT[0]:552 TEXTURE:0 SURFACE:0 SAMPLER:0
                """;
        ResourceUsage u = ResourceReports.parse("fat.txt", text, null).get(0);
        assertEquals(ResourceSource.RES_USAGE, u.source());
        assertEquals("sm_90", u.arch());
        assertEquals(256, u.staticSharedBytes());
        assertEquals(12, u.registers());
        assertEquals(OptionalInt.of(552), u.constantBank0Bytes());
    }

    // ---- bad input ----

    /** Every prefix of a cubin is either rejected with a ResourceException or read exactly as the whole file. */
    @ParameterizedTest
    @ValueSource(strings = { "sm_90/multi.cubin", "sm_75/spill.cubin" })
    void truncatedCubins(String rel) throws Exception {
        byte[] all = Files.readAllBytes(NvccCorpus.root().resolve(rel));
        Cubin full = CubinReader.read("x.cubin", all);
        int rejected = 0;
        for (int n = 0; n < all.length; n++) {
            try {
                Cubin c = CubinReader.read("cut.cubin", Arrays.copyOf(all, n));
                assertEquals(full.functions(), c.functions(), "a prefix of " + n + " bytes read differently");
            } catch (ResourceException e) {
                rejected++;
                assertEquals("cut.cubin", e.file());
                assertFalse(e.hint().isEmpty());
            }
        }
        assertTrue(rejected > all.length / 2, rejected + " of " + all.length + " prefixes rejected");
        ResourceException e = assertThrows(ResourceException.class,
                () -> CubinReader.read("cut.cubin", Arrays.copyOf(all, 2000)));
        assertTrue(e.getMessage().startsWith("truncated cubin"), e.getMessage());
        assertTrue(e.toDiagnostic().format().startsWith("cut.cubin:1:1: error: truncated cubin"),
                e.toDiagnostic().format());
    }

    /** Random byte damage never escapes as anything but a ResourceException. */
    @Test
    void damagedCubinsFailCleanly() throws Exception {
        byte[] all = Files.readAllBytes(NvccCorpus.root().resolve("sm_90/multi.cubin"));
        Random rnd = new Random(4);
        for (int trial = 0; trial < 3000; trial++) {
            byte[] b = all.clone();
            for (int k = 0; k < 1 + trial % 4; k++) {
                b[rnd.nextInt(Math.min(b.length, 12000))] = (byte) rnd.nextInt(256);
            }
            try {
                CubinReader.read("bad.cubin", b);
            } catch (ResourceException e) {
                assertEquals("bad.cubin", e.file());
            } catch (RuntimeException e) {
                fail("trial " + trial + ": " + e);
            }
        }
    }

    @Test
    void textGivenAsCubin() throws Exception {
        NvccCorpus.Entry e = entries().get(0);
        ResourceException x = assertThrows(ResourceException.class,
                () -> CubinReader.read(e.sass().getFileName().toString(), e.text().getBytes(StandardCharsets.UTF_8)));
        assertTrue(x.getMessage().contains("ELF magic"), x.getMessage());
        assertTrue(x.toDiagnostic().format().startsWith(e.sass().getFileName() + ":1:1: error: not a cubin"));
        assertTrue(x.hint().contains("-cubin"));
    }

    @Test
    void elfOfAnotherMachine() throws Exception {
        byte[] b = Files.readAllBytes(NvccCorpus.root().resolve("sm_80/multi.cubin"));
        b[18] = 62;
        b[19] = 0;
        ResourceException x = assertThrows(ResourceException.class, () -> CubinReader.read("x86.o", b));
        assertTrue(x.getMessage().contains("machine 62"), x.getMessage());
        byte[] c = Files.readAllBytes(NvccCorpus.root().resolve("sm_80/multi.cubin"));
        c[7] = 3;
        x = assertThrows(ResourceException.class, () -> CubinReader.read("linux.o", c));
        assertTrue(x.getMessage().contains("OS/ABI 0x3"), x.getMessage());
    }

    @Test
    void ptxasLogWithGarbageLine() throws Exception {
        NvccCorpus.Entry e = entries().get(0);
        List<String> lines = new ArrayList<>(List.of(read(e.ptxas()).split("\n")));
        lines.add(2, "this is not ptxas output");
        ResourceException x = assertThrows(ResourceException.class,
                () -> ResourceReports.parsePtxasLog("log.txt", String.join("\n", lines)));
        assertEquals(3, x.line());
        assertTrue(x.toDiagnostic().format().startsWith("log.txt:3: error: not a line of a ptxas -v log"),
                x.toDiagnostic().format());
        lines.set(2, "ptxas info    : Used many registers");
        assertEquals(ResourceReports.parsePtxasLog("log.txt", read(e.ptxas())).size(),
                ResourceReports.parsePtxasLog("log.txt", String.join("\n", lines)).size(),
                "an unknown info line is ignored");
        lines.add(0, "ptxas info    : Used 12 registers");
        x = assertThrows(ResourceException.class,
                () -> ResourceReports.parsePtxasLog("log.txt", String.join("\n", lines)));
        assertEquals(1, x.line());
        assertTrue(x.getMessage().contains("before any \"Compiling entry function\""), x.getMessage());
    }

    @Test
    void ptxasLogErrors() {
        String cut = """
                ptxas info    : 0 bytes gmem
                ptxas info    : Compiling entry function '_Z5scaleifPf' for 'sm_80'
                ptxas info    : Function properties for _Z5scaleifPf
                0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
                """;
        ResourceException x = assertThrows(ResourceException.class, () -> ResourceReports.parsePtxasLog("a", cut));
        assertEquals(2, x.line());
        String item = cut + "ptxas info    : Used 8 registers, 3 bytes of magic\n";
        x = assertThrows(ResourceException.class, () -> ResourceReports.parsePtxasLog("a", item));
        assertEquals(5, x.line());
        assertTrue(x.getMessage().contains("3 bytes of magic"));
        String huge = cut + "ptxas info    : Used 99999999999 registers\n";
        x = assertThrows(ResourceException.class, () -> ResourceReports.parsePtxasLog("a", huge));
        assertEquals(5, x.line());
        String failed = "ptxas error   : Entry function 'k' uses too much shared data\n";
        x = assertThrows(ResourceException.class, () -> ResourceReports.parsePtxasLog("a", failed));
        assertTrue(x.getMessage().contains("failed compilation"));
        x = assertThrows(ResourceException.class, () -> ResourceReports.parse("a", "hello\n", "sm_80"));
        assertEquals(0, x.line());
    }

    @Test
    void resUsageErrors() throws Exception {
        String ok = """

                Resource usage:
                 Common:
                  GLOBAL:0
                 Function _Z5scaleifPf:
                  REG:8 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:368 TEXTURE:0 SURFACE:0 SAMPLER:0
                """;
        assertEquals(8, ResourceReports.parseResUsage("r", ok, "sm_80").get(0).registers());
        ResourceException x = assertThrows(ResourceException.class,
                () -> ResourceReports.parseResUsage("r", ok.replace("REG:8", "REG=8"), "sm_80"));
        assertEquals(6, x.line());
        x = assertThrows(ResourceException.class,
                () -> ResourceReports.parseResUsage("r", ok.replace("REG:8 ", ""), "sm_80"));
        assertTrue(x.getMessage().contains("no REG"), x.getMessage());
        x = assertThrows(ResourceException.class,
                () -> ResourceReports.parseResUsage("r", ok + "garbage here\n", "sm_80"));
        assertEquals(7, x.line());
        x = assertThrows(ResourceException.class,
                () -> ResourceReports.parseResUsage("r", ok.substring(0, ok.indexOf("  REG")), "sm_80"));
        assertTrue(x.getMessage().contains("cut short"), x.getMessage());
    }
}
