package hexforge.harness;

import java.awt.Point;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import VASSAL.build.module.map.boardPicker.Board;

/**
 * The {@code locate} command: VASSAL's {@code Map.locationName} for map points and, the other way, the point its
 * grids give for location names. Boards are only laid out on a map once a game starts, so one is started first.
 */
final class Locate {
  private Locate() { }

  static void run(Engine engine, Map<String, Object> request) throws Exception {
    engine.report.put("game", Engine.edt(engine::newGame));
    engine.settle();
    engine.report.phase("game-started");
    Engine.edt(() -> {
      final VASSAL.build.module.Map map = engine.map((String) request.get("map"));
      final List<Object> boards = new ArrayList<>();
      for (final Board b : map.getBoards()) {
        final Rectangle r = b.bounds();
        final Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", b.getName());
        d.put("bounds", List.of(r.x, r.y, r.width, r.height));
        boards.add(d);
      }
      final List<Object> names = new ArrayList<>();
      for (final Object xy : (List<?>) request.getOrDefault("points", List.of())) {
        names.add(map.locationName(Engine.point(map, xy)));
      }
      final List<Object> points = new ArrayList<>();
      for (final Object name : (List<?>) request.getOrDefault("names", List.of())) {
        try {
          final Point p = Engine.point(map, name);
          points.add(List.of(p.x, p.y));
        }
        catch (Engine.ActionError e) {
          points.add(null);
        }
      }
      engine.report.put("map", map.getMapName());
      engine.report.put("boards", boards);
      engine.report.put("names", names);
      engine.report.put("points", points);
    });
    engine.report.phase("located");
  }
}
