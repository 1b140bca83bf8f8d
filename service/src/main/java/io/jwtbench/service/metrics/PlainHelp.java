package io.jwtbench.service.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Meter descriptions without double quotes or backslashes. {@code /q/metrics} answers Prometheus' scrapes in
 * OpenMetrics, which escapes a quote in a {@code # HELP} line as {@code \"}; the Prometheus text format (what
 * {@code promtool check metrics} and other strict parsers read) has no such escape and refuses the line
 * (Micrometer's {@code process_cpu_usage}: "The \"recent cpu usage\" ...", micrometer #3242). Quarkus applies
 * every {@link MeterFilter} bean to its registries.
 */
@Singleton
public class PlainHelp {

    @Produces
    @Singleton
    MeterFilter withoutQuotes() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String description = id.getDescription();
                if (description == null || description.indexOf('"') < 0 && description.indexOf('\\') < 0) {
                    return id;
                }
                return new Meter.Id(id.getName(), Tags.of(id.getTagsAsIterable()), id.getBaseUnit(),
                        description.replace('"', '\'').replace('\\', '/'), id.getType());
            }
        };
    }
}
