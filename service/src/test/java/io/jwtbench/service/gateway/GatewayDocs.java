package io.jwtbench.service.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The gateway configurations of docs/gateways.md, as the page shows them: the tests run these, so the page
 * cannot drift from what was tested. A block is found by its section heading and its fence's language.
 */
final class GatewayDocs {
    static final Path PAGE = Path.of("..", "docs", "gateways.md");
    /** The auth service and the API as the page writes them. */
    static final String SERVICE = "jwt-bench:8080";
    static final String APP = "app:3000";

    private GatewayDocs() {
    }

    /** The fenced blocks of {@code language} in the section headed {@code ## heading}, in order. */
    static List<String> blocks(String heading, String language) {
        String page;
        try {
            page = Files.readString(PAGE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> blocks = new ArrayList<>();
        boolean inSection = false;
        StringBuilder block = null;
        for (String line : page.split("\n", -1)) {
            if (block != null) {
                if (line.equals("```")) {
                    blocks.add(block.toString());
                    block = null;
                } else {
                    block.append(line).append('\n');
                }
            } else if (line.startsWith("## ")) {
                inSection = line.substring(3).trim().equals(heading);
            } else if (inSection && line.equals("```" + language)) {
                block = new StringBuilder();
            }
        }
        if (blocks.isEmpty()) {
            throw new IllegalStateException("docs/gateways.md has no ```" + language + " block under ## " + heading);
        }
        return blocks;
    }

    static String block(String heading, String language) {
        return blocks(heading, language).get(0);
    }
}
