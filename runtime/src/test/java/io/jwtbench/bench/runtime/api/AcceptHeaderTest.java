package io.jwtbench.bench.runtime.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The headers curl, browsers and HTTP libraries send, and which rendering each gets. */
class AcceptHeaderTest {

    @Test
    void textOnlyWhenItWeighsMoreThanJson() {
        assertTrue(AcceptHeader.prefersText("text/plain"));
        assertTrue(AcceptHeader.prefersText("Text/Plain; charset=utf-8"));
        assertTrue(AcceptHeader.prefersText("application/json;q=0.1, text/plain"), "the caller ranked text first");
        assertTrue(AcceptHeader.prefersText("text/*, application/json;q=0.5"));
        assertTrue(AcceptHeader.prefersText("text/plain, */*;q=0.8"));
    }

    @Test
    void jsonOtherwise() {
        assertFalse(AcceptHeader.prefersText(null));
        assertFalse(AcceptHeader.prefersText("*/*"), "curl's default");
        assertFalse(AcceptHeader.prefersText("application/json"));
        assertFalse(AcceptHeader.prefersText("text/plain, application/json"), "a tie: JSON, the contract");
        assertFalse(AcceptHeader.prefersText("text/plain;q=0.5, application/json"));
        assertFalse(AcceptHeader.prefersText("text/plain;q=0, */*"), "text refused");
        assertFalse(AcceptHeader.prefersText("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
                "a browser's: text/html is not text/plain");
        assertFalse(AcceptHeader.prefersText("text/plain;q=0.5, text/*;q=1, application/*"),
                "the most specific range decides text/plain's weight");
        assertFalse(AcceptHeader.prefersText("nonsense, ,;;"));
    }
}
