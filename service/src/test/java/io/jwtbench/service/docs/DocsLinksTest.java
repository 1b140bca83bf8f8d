package io.jwtbench.service.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every relative link in the pages leads somewhere: the file exists, and a {@code #fragment} names a heading
 * of that page (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens). Moving a section
 * between pages without its links fails here. And the README stays a guide, not a reference; a long runtime
 * or service class is explained where its module's layout is.
 */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    static final int README_LINES = 250;
    static final int CLASS_LINES = 250;

    @Test
    void everyRelativeLinkResolves() {
        DocPages docs = DocPages.ofProject();
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : docs.pages()) {
            Matcher m = LINK.matcher(withoutCode(DocPages.read(page)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                links++;
                int hash = target.indexOf('#');
                Path file = hash == 0 ? page : page.getParent().resolve(hash < 0 ? target : target.substring(0, hash)).normalize();
                if (!Files.exists(file)) {
                    broken.add(docs.name(page) + ": " + target + " (no such file)");
                } else if (hash >= 0 && !anchors(file).contains(target.substring(hash + 1))) {
                    broken.add(docs.name(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken);
        assertTrue(links > 20, "links found: " + links);
    }

    @Test
    void theReadmeIsAGuide() throws Exception {
        long lines = Files.readString(DocPages.ofProject().root().resolve("README.md")).lines().count();
        assertTrue(lines <= README_LINES, "README.md has " + lines + " lines: move reference or measurements to docs/");
    }

    /** The class-size guide: a runtime class over {@value #CLASS_LINES} lines is named, with its reason, in runtime/README.md. */
    @Test
    void everyLongRuntimeClassIsExplained() throws Exception {
        assertEquals(List.of(), unexplained("runtime/src/main/java/io/jwtbench/bench/runtime", "runtime/README.md"),
                "over " + CLASS_LINES + " lines: split, or say why in runtime/README.md, \"Class size\"");
    }

    /** The same guide for the application: a service class over {@value #CLASS_LINES} lines is named in service/README.md. */
    @Test
    void everyLongServiceClassIsExplained() throws Exception {
        assertEquals(List.of(), unexplained("service/src/main/java/io/jwtbench/service", "service/README.md"),
                "over " + CLASS_LINES + " lines: split, or say why in service/README.md, \"Class size\"");
    }

    /** The classes under {@code sources} longer than {@value #CLASS_LINES} lines that {@code reference}'s table does not name. */
    private static List<String> unexplained(String sources, String reference) throws Exception {
        Path root = DocPages.ofProject().root();
        String table = Files.readString(root.resolve(reference));
        Path dir = root.resolve(sources);
        List<String> unexplained = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String name = dir.relativize(f).toString().replace(".java", "");
                if (Files.readAllLines(f).size() > CLASS_LINES && !table.contains("| `" + name + "` |")) {
                    unexplained.add(name);
                }
            }
        }
        return unexplained;
    }

    /** The anchors GitHub gives a page's headings (outside code blocks). */
    static Set<String> anchors(Path page) {
        Set<String> anchors = new HashSet<>();
        if (!page.toString().endsWith(".md")) {
            return anchors;
        }
        for (String line : withoutCode(DocPages.read(page)).split("\n")) {
            if (line.matches("^#{1,6} .*")) {
                String slug = line.replaceFirst("^#+ ", "").strip().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                String unique = slug;
                for (int n = 1; !anchors.add(unique); n++) {
                    unique = slug + "-" + n;
                }
            }
        }
        return anchors;
    }

    /** The page with its fenced blocks blanked: a {@code #} comment in a shell block is no heading. */
    private static String withoutCode(String text) {
        StringBuilder out = new StringBuilder();
        boolean fenced = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                out.append('\n');
                continue;
            }
            out.append(fenced ? "" : line).append('\n');
        }
        return out.toString();
    }
}
