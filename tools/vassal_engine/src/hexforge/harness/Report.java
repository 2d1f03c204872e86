package hexforge.harness;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What one harness run found, written as the result JSON: named sections, the problems VASSAL raised (minus those
 * the request asked to ignore), and phase times in milliseconds since JVM start. Every problem and phase is also
 * printed on stdout as it happens, so a run that dies half-way still leaves a trail.
 */
final class Report {
  private static final long JVM_START = ManagementFactory.getRuntimeMXBean().getStartTime();

  private final Map<String, Object> sections = new LinkedHashMap<>();
  private final List<Map<String, Object>> problems = new ArrayList<>();
  private final List<Map<String, Object>> ignored = new ArrayList<>();
  private final Map<String, Object> phases = new LinkedHashMap<>();
  private final List<Pattern> ignore = new ArrayList<>();

  Report(List<?> ignorePatterns) {
    for (final Object p : ignorePatterns) ignore.add(Pattern.compile(String.valueOf(p)));
  }

  /** A problem: {@code kind} says where it came from (LOG-WARN, BUG, DIALOG, IMAGE, ROUNDTRIP, ...). */
  void problem(String kind, String message) {
    problem(kind, message, null);
  }

  synchronized void problem(String kind, String message, Map<String, Object> detail) {
    final Map<String, Object> p = new LinkedHashMap<>();
    p.put("kind", kind);
    p.put("message", message);
    if (detail != null) p.put("detail", detail);
    final String line = kind + ": " + message;
    final boolean skip = ignore.stream().anyMatch(re -> re.matcher(line).find());
    (skip ? ignored : problems).add(p);
    print(skip ? "IGNORED" : "PROBLEM", line);
  }

  synchronized int problemCount() {
    return problems.size();
  }

  synchronized void phase(String name) {
    final long ms = System.currentTimeMillis() - JVM_START;
    phases.put(name, ms);
    print("PHASE", name + " " + ms + "ms");
  }

  synchronized void put(String section, Object value) {
    sections.put(section, value);
  }

  synchronized Map<String, Object> toJson() {
    final Map<String, Object> out = new LinkedHashMap<>(sections);
    out.put("problems", new ArrayList<>(problems));
    out.put("ignored", new ArrayList<>(ignored));
    out.put("phases", new LinkedHashMap<>(phases));
    return out;
  }

  static synchronized void print(String tag, String message) {
    System.out.println(tag + " " + message.replace("\n", "\\n"));
    System.out.flush();
  }

  /** An exception and its causes on one line. */
  static String describe(Throwable t) {
    final StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (sb.length() > 0) sb.append(" <- ");
      sb.append(c.getClass().getName()).append(": ").append(c.getMessage());
    }
    return sb.toString();
  }
}
