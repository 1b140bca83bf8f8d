package io.jwtbench.service.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code curl} command shown in a page, read the way a shell would read it (quotes, line continuations,
 * {@code $VAR} from an assignment shown before it), so that a test can send the same request to the
 * test application: host and port are dropped, everything after a pipe or a comment is ignored.
 */
record CurlExample(String where, String method, String pathAndQuery, Map<String, String> headers, String body) {
    private static final Pattern ASSIGNMENT = Pattern.compile("^([A-Z_]+)='(.*)'$");
    private static final Pattern INLINE = Pattern.compile("`(curl [^`]+)`");
    private static final Pattern URL = Pattern.compile("^(?:https?://)?[^/\\s]+(/\\S*)$");

    /** Every curl command of a page: in fenced shell blocks, and in inline code spans outside them. */
    static List<CurlExample> in(String pageName, String text) {
        List<CurlExample> found = new ArrayList<>();
        Map<String, String> variables = new HashMap<>();
        String[] lines = text.split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced) {
                Matcher inline = INLINE.matcher(line);
                while (inline.find()) {
                    found.add(parse(pageName + ":" + (i + 1), inline.group(1).replace("\\|", "|"), variables));
                }
                continue;
            }
            int first = i;
            StringBuilder command = new StringBuilder(line.strip());
            while (command.toString().endsWith("\\") && i + 1 < lines.length) { // a continued line
                command.setLength(command.length() - 1);
                command.append(' ').append(lines[++i].strip());
            }
            String c = command.toString();
            Matcher assignment = ASSIGNMENT.matcher(c);
            if (assignment.matches()) {
                variables.put(assignment.group(1), assignment.group(2));
            } else if (c.startsWith("curl ")) {
                found.add(parse(pageName + ":" + (first + 1), c, variables));
            }
        }
        return found;
    }

    boolean isBench() {
        return pathAndQuery != null && pathAndQuery.startsWith("/q/bench");
    }

    private static CurlExample parse(String where, String command, Map<String, String> variables) {
        List<String> words = words(command, variables);
        String method = null;
        String url = null;
        String body = null;
        Map<String, String> headers = new HashMap<>();
        for (int w = 1; w < words.size(); w++) {
            String word = words.get(w);
            switch (word) {
                case "-X" -> method = words.get(++w);
                case "-d", "--data" -> body = words.get(++w);
                case "-o" -> w++;
                case "-H" -> {
                    String header = words.get(++w);
                    int colon = header.indexOf(':');
                    headers.put(header.substring(0, colon).strip(), header.substring(colon + 1).strip());
                }
                default -> {
                    if (!word.startsWith("-")) {
                        url = word;
                    }
                }
            }
        }
        Matcher path = url == null ? null : URL.matcher(url);
        String pathAndQuery = path != null && path.matches() ? path.group(1) : null;
        return new CurlExample(where, method != null ? method : body != null ? "POST" : "GET", pathAndQuery, headers, body);
    }

    /** Shell words: single quotes literal, double quotes with {@code $VAR}; an unquoted pipe, redirect or comment ends it. */
    private static List<String> words(String command, Map<String, String> variables) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < command.length(); i++) {
            char ch = command.charAt(i);
            if (Character.isWhitespace(ch)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (word == null && (ch == '|' || ch == '>' || ch == '#' || ch == '&')) {
                break;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            if (ch == '\'') {
                int end = command.indexOf('\'', i + 1);
                word.append(command, i + 1, end);
                i = end;
            } else if (ch == '"') {
                int end = command.indexOf('"', i + 1);
                word.append(expand(command.substring(i + 1, end), variables));
                i = end;
            } else {
                word.append(ch);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    private static String expand(String quoted, Map<String, String> variables) {
        Matcher m = Pattern.compile("\\$([A-Z_]+)").matcher(quoted);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(variables.getOrDefault(m.group(1), m.group())));
        }
        return m.appendTail(out).toString();
    }
}
