import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What failed, in a few lines each: read from the surefire and failsafe XML reports written since a given time, and
 * printed last by {@code test.sh} when Maven failed. A CI log is often read from its end, and Maven's own summary prints
 * each failure's whole message: one that carries a run report (hundreds of lines of JSON) pushes the test's name and
 * the figures that failed it out of that end. Here each failure is its test, where it failed, the head of its message
 * and its last line; the whole stays in the report file named.
 *
 * <pre>java scripts/FailureDigest.java SINCE_EPOCH_MS [ROOT]</pre>
 */
class FailureDigest {
    static final int HEAD_LINES = 12;
    static final int LINE_CHARS = 300;

    public static void main(String[] args) throws Exception {
        long since = Long.parseLong(args[0]);
        Path root = Path.of(args.length > 1 ? args[1] : ".");
        List<Path> reports;
        try (Stream<Path> files = Files.walk(root, 4)) {
            reports = files.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml"))
                    .filter(p -> p.getParent().getFileName().toString().matches("(surefire|failsafe)-reports"))
                    .filter(p -> p.toFile().lastModified() >= since).sorted().toList();
        }
        List<String> out = new ArrayList<>();
        for (Path report : reports) {
            var factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList cases = factory.newDocumentBuilder().parse(report.toFile()).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element testCase = (Element) cases.item(i);
                for (String kind : new String[] { "failure", "error" }) {
                    NodeList problems = testCase.getElementsByTagName(kind);
                    for (int j = 0; j < problems.getLength(); j++) {
                        describe(out, testCase, (Element) problems.item(j), root.relativize(report));
                    }
                }
            }
        }
        if (out.isEmpty()) {
            System.out.println("test.sh: no failed test in the reports written since the start: the build, a forked JVM or a"
                    + " plugin failed (above)");
            return;
        }
        System.out.println("test.sh: what failed, each message's head and last line (the whole in the report named):");
        out.forEach(System.out::println);
    }

    static void describe(List<String> out, Element testCase, Element problem, Path report) {
        String className = testCase.getAttribute("classname");
        String trace = problem.getTextContent();
        String at = trace.lines().map(String::strip).filter(l -> l.startsWith("at " + className + ".")).findFirst()
                .orElse("");
        out.add("  " + className + "." + testCase.getAttribute("name") + " (" + testCase.getAttribute("time") + " s) "
                + problem.getAttribute("type") + (at.isEmpty() ? "" : ", " + at) + "; " + report);
        String message = problem.getAttribute("message");
        List<String> lines = (message.isEmpty() ? trace : message).lines().toList();
        for (int k = 0; k < Math.min(HEAD_LINES, lines.size()); k++) {
            out.add("    " + cut(lines.get(k)));
        }
        if (lines.size() > HEAD_LINES) {
            if (lines.size() > HEAD_LINES + 1) {
                out.add("    … " + (lines.size() - HEAD_LINES - 1) + " more lines …");
            }
            out.add("    " + cut(lines.get(lines.size() - 1)));
        }
    }

    static String cut(String line) {
        return line.length() <= LINE_CHARS ? line : line.substring(0, LINE_CHARS) + " … (" + line.length() + " chars)";
    }
}
