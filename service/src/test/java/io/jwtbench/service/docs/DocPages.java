package io.jwtbench.service.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The project's Markdown pages, in reading order: the README, the extension's and the service's references, then {@code docs/}. */
record DocPages(Path root) {

    static DocPages ofProject() {
        // tests run in service/; the pages live one level up
        Path root = Path.of("..").toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("README.md"))) {
            throw new IllegalStateException("no README.md in " + root);
        }
        return new DocPages(root);
    }

    List<Path> pages() {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("runtime/README.md"),
                root.resolve("service/README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String name(Path page) {
        return root.relativize(page).toString();
    }
}
