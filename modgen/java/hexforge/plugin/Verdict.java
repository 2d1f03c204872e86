package hexforge.plugin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** What {@code hexforge validate --format json} found: the violations in log order and how many actions it read. */
final class Verdict {
  final List<Violation> violations;
  final int actions;

  private Verdict(List<Violation> violations, int actions) {
    this.violations = Collections.unmodifiableList(violations);
    this.actions = actions;
  }

  boolean clean() {
    return violations.isEmpty();
  }

  /** The verdict in hexforge's JSON report; IllegalArgumentException when the document is not one. */
  static Verdict of(String json) {
    final Object doc = Json.parse(json);
    if (!(doc instanceof Map)) throw new IllegalArgumentException("not a JSON object");
    final Map<?, ?> report = (Map<?, ?>) doc;
    if (!(report.get("violations") instanceof List)) throw new IllegalArgumentException("no list of violations");
    final List<Violation> found = new ArrayList<>();
    for (final Object v : (List<?>) report.get("violations")) {
      if (!(v instanceof Map)) throw new IllegalArgumentException("a violation is not an object");
      found.add(Violation.of((Map<?, ?>) v));
    }
    return new Verdict(found, (int) number(report.get("actions")));
  }

  static double number(Object v) {
    return v instanceof Number ? ((Number) v).doubleValue() : 0;
  }

  static String text(Object v) {
    return v == null ? "" : String.valueOf(v);
  }

  /** One violation: where in the game, the rule broken, the plain-words message, and the location it is about. */
  static final class Violation {
    final int turn;
    final String side;
    final String phase;
    final String rule;
    final String message;
    final String location;   // a hex id, area or box name; "" when the violation is about no one place

    private Violation(int turn, String side, String phase, String rule, String message, String location) {
      this.turn = turn;
      this.side = side;
      this.phase = phase;
      this.rule = rule;
      this.message = message;
      this.location = location;
    }

    static Violation of(Map<?, ?> v) {
      return new Violation((int) number(v.get("turn")), text(v.get("side")), text(v.get("phase")),
        text(v.get("rule")), text(v.get("message")), text(v.get("location")));
    }

    /** As {@code hexforge validate} prints it: {@code turn 3 axis movement: rule 8.5.1: message}. */
    @Override
    public String toString() {
      return "turn " + turn + " " + side + " " + phase + ": rule " + rule + ": " + message;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Violation && toString().equals(o.toString());
    }

    @Override
    public int hashCode() {
      return toString().hashCode();
    }
  }
}
