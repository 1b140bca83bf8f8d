package io.jwtbench.service.web;

/** The service's JSON response bodies: written by {@link TimedJsonWriter}, which times their serialization. */
public interface JsonBody {
}
