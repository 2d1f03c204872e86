package hexforge.harness;

import java.awt.Point;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import javax.swing.SwingUtilities;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.GameSetupStep;
import VASSAL.build.module.GameState;
import VASSAL.build.module.GlobalOptions;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.PrivateMap;
import VASSAL.build.module.map.DrawPile;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.properties.PropertyNameSource;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.Deck;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import VASSAL.launch.Config;
import VASSAL.launch.StandardConfig;
import VASSAL.tools.DataArchive;

/**
 * The engine as one module, loaded and driven on Swing's event thread the way VASSAL's own player does it, with
 * everything a person would answer (prompts, the set-up wizard, file choosers) answered by the harness.
 */
final class Engine {
  final Report report;
  final Capture capture;
  final GameModule module;

  private Engine(Report report, Capture capture, GameModule module) {
    this.report = report;
    this.capture = capture;
    this.module = module;
  }

  /** Start VASSAL as {@code VASSAL.launch.Player} does (minus the module manager) and load the module. */
  static Engine load(Report report, String modulePath, String player, Long seed) throws Exception {
    final Capture capture = Capture.install(report);
    Info.setConfig(new NoHelperProcesses(new StandardConfig()));
    final Constructor<?> menus = Class.forName("VASSAL.launch.Player$PlayerMenuManager").getDeclaredConstructor();
    menus.setAccessible(true);
    menus.newInstance();   // registers itself as the MenuManager every component adds its actions to
    report.phase("engine-ready");
    final GameModule mod = edt(() -> {
      final GameModule m = new GameModule(new DataArchive(modulePath));
      GameModule.init(m);   // reads buildFile.xml and builds every component
      return m;
    });
    final Engine engine = new Engine(report, capture, mod);
    engine.settle();
    report.phase("module-loaded");
    final Map<String, Object> info = new LinkedHashMap<>();
    info.put("name", mod.getGameName());
    info.put("version", mod.getGameVersion());
    info.put("vassal_version", Info.getVersion());
    report.put("module", info);
    engine.answerPrompts(player);
    if (seed != null) engine.seedDice(seed);
    return engine;
  }

  /** Switch off the prompts a person would answer, and give the player a name. */
  private void answerPrompts(String player) {
    final VASSAL.preferences.Prefs p = module.getPrefs();
    p.setValue(BasicLogger.PROMPT_NEW_LOG_START, Boolean.FALSE);
    p.setValue(BasicLogger.PROMPT_NEW_LOG_END, Boolean.FALSE);
    p.setValue(BasicLogger.PROMPT_LOG_COMMENT, Boolean.FALSE);
    p.setValue(GameModule.REAL_NAME, player);
  }

  /** Replace VASSAL's SecureRandom (the module's, and the copy each dice button keeps) by a seeded Random. */
  void seedDice(long seed) throws ReflectiveOperationException {
    final Random rng = new Random(seed);
    final Field moduleRng = GameModule.class.getDeclaredField("RNG");
    moduleRng.setAccessible(true);
    moduleRng.set(module, rng);
    final Field diceRng = DiceButton.class.getDeclaredField("ran");
    diceRng.setAccessible(true);
    for (final DiceButton d : module.getAllDescendantComponentsOf(DiceButton.class)) diceRng.set(d, rng);
  }

  // ---------------------------------------------------------------- event thread

  interface Body {
    void run() throws Exception;
  }

  static <T> T edt(Callable<T> body) throws Exception {
    final AtomicReference<T> result = new AtomicReference<>();
    final AtomicReference<Exception> error = new AtomicReference<>();
    SwingUtilities.invokeAndWait(() -> {
      try {
        result.set(body.call());
      }
      catch (Exception e) {
        error.set(e);
      }
    });
    if (error.get() != null) throw error.get();
    return result.get();
  }

  static void edt(Body body) throws Exception {
    edt(() -> {
      body.run();
      return null;
    });
  }

  /** Let queued event-thread work (chat updates, repaints, dialogs) run, and close any dialog left open. */
  void settle() throws Exception {
    for (int i = 0; i < 2; i++) {
      Thread.sleep(10);
      edt(capture::sweepDialogs);
    }
  }

  // ---------------------------------------------------------------- game

  /** File › New Game, with VASSAL's set-up wizard answered by nobody; returns what the wizard would have asked. */
  Map<String, Object> newGame() {
    final GameState gs = module.getGameState();
    final List<String> steps = new ArrayList<>();
    for (final Iterator<GameSetupStep> it = gs.getUnfinishedSetupSteps(); it.hasNext(); ) {
      steps.add(it.next().getStepTitle());
    }
    module.setGameFileMode(GameModule.GameFileMode.NEW_GAME);
    gs.setup(false);
    gs.setup(true);
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("started", gs.isGameStarted());
    out.put("setup_steps", steps);
    return out;
  }

  /** What the wizard's "choose a side" step does when a side is picked. */
  Command claimSide(String side) {
    final List<PlayerRoster> rosters = module.getComponentsOf(PlayerRoster.class);
    if (rosters.isEmpty()) throw new ActionError("the module has no PlayerRoster, so there is no side to claim");
    final PlayerRoster roster = rosters.get(0);
    if (!roster.getSides().contains(side)) {
      throw new ActionError("no side '" + side + "' in the PlayerRoster " + roster.getSides());
    }
    final Command add = new PlayerRoster.Add(roster, GameModule.getActiveUserId(),
      GlobalOptions.getInstance().getPlayerId(), side);
    add.execute();
    module.getServer().sendToOthers(add);
    return add;
  }

  // ---------------------------------------------------------------- maps, points, pieces

  List<VASSAL.build.module.Map> maps() {
    return module.getAllDescendantComponentsOf(VASSAL.build.module.Map.class);
  }

  /** The map with this name; no name means the first map that is not private (a hand is a private map). */
  VASSAL.build.module.Map map(String name) {
    for (final VASSAL.build.module.Map m : maps()) {
      if (name == null ? !(m instanceof PrivateMap) : name.equals(m.getMapName())) return m;
    }
    final List<String> names = new ArrayList<>();
    for (final VASSAL.build.module.Map m : maps()) names.add(m.getMapName());
    throw new ActionError(name == null ? "the module has no public map" : "no map '" + name + "' among " + names);
  }

  /**
   * A map point from a request: {@code [x, y]} in map pixels, or a location name as VASSAL's locationName gives
   * it — a deck's name, or a grid location looked up with the grid's own getLocation on each board.
   */
  static Point point(VASSAL.build.module.Map map, Object at) {
    if (at == null) throw new ActionError("no point [x, y] or location name given for map '" + map.getMapName() + "'");
    if (at instanceof List) {
      final List<?> xy = (List<?>) at;
      return new Point(((Number) xy.get(0)).intValue(), ((Number) xy.get(1)).intValue());
    }
    final String name = String.valueOf(at);
    for (final DrawPile d : map.getComponentsOf(DrawPile.class)) {
      if (name.equals(d.getConfigureName())) return new Point(d.getPosition());
    }
    for (final Board b : map.getBoards()) {
      final MapGrid g = b.getGrid();
      if (g == null) continue;
      try {
        final Point p = g.getLocation(name);
        if (p != null) {
          p.translate(b.bounds().x, b.bounds().y);
          return p;
        }
      }
      catch (MapGrid.BadCoords e) {
        // not a location on this board; try the next one
      }
    }
    throw new ActionError("'" + name + "' is not a location on map '" + map.getMapName() + "'");
  }

  /** Every piece on every map, stacks and decks opened up, in map then drawing order. */
  List<GamePiece> pieces() {
    final List<GamePiece> out = new ArrayList<>();
    for (final VASSAL.build.module.Map m : maps()) {
      for (final GamePiece p : m.getAllPieces()) {
        if (p instanceof Stack) out.addAll(((Stack) p).asList());
        else out.add(p);
      }
    }
    return out;
  }

  /** In a piece selector: take the first of several matching pieces (in map and drawing order). */
  static final String FIRST = "@first";

  /**
   * The one piece a request names: a string is a piece name; an object {property: value, ...} matches the pieces'
   * properties (e.g. a Marker trait's {@code UnitId}); with {@code "@first": true}, the first of those that match.
   */
  GamePiece piece(Object selector) {
    final boolean first = selector instanceof Map && ((Map<?, ?>) selector).containsKey(FIRST);
    if (first) {
      final Map<Object, Object> rest = new LinkedHashMap<>((Map<?, ?>) selector);
      rest.remove(FIRST);
      selector = rest;
    }
    final List<GamePiece> found = new ArrayList<>();
    for (final GamePiece p : pieces()) {
      if (matches(p, selector)) found.add(p);
    }
    if (first && !found.isEmpty()) return found.get(0);
    if (found.size() != 1) {
      throw new ActionError((found.isEmpty() ? "no piece" : found.size() + " pieces") + " match " + Json.write(selector));
    }
    return found.get(0);
  }

  static boolean matches(GamePiece p, Object selector) {
    if (selector instanceof Map) {
      for (final Map.Entry<?, ?> e : ((Map<?, ?>) selector).entrySet()) {
        if (!String.valueOf(e.getValue()).equals(String.valueOf(p.getProperty(e.getKey())))) return false;
      }
      return true;
    }
    return String.valueOf(selector).equals(p.getName());
  }

  /** The trait ids of a piece, outermost first ("emb2;", "mark;", ..., "piece;"). Each trait's own type: a
   * Decorator's getType() encodes every trait inside it too (and a Dynamic Property makes a configurer per command
   * to do it), so asking each level for it took time growing with the square of the traits. */
  static List<String> traitIds(GamePiece p) {
    final List<String> ids = new ArrayList<>();
    for (GamePiece q = Decorator.getOutermost(p); q != null;
         q = q instanceof Decorator ? ((Decorator) q).getInner() : null) {
      final String type = q instanceof Decorator ? ((Decorator) q).myGetType() : q.getType();
      final int semi = type.indexOf(';');
      ids.add(semi < 0 ? type : type.substring(0, semi + 1));
    }
    return ids;
  }

  /** Everything a test or the log reader wants to know about a piece, read through VASSAL. */
  Map<String, Object> describe(GamePiece piece) {
    final GamePiece p = Decorator.getOutermost(piece);
    final VASSAL.build.module.Map map = p.getMap();
    final Map<String, Object> d = new LinkedHashMap<>();
    d.put("name", p.getName());
    d.put("id", p.getId());
    d.put("map", map == null ? null : map.getMapName());
    d.put("x", p.getPosition().x);
    d.put("y", p.getPosition().y);
    d.put("location", map == null ? null : map.locationName(p.getPosition()));
    d.put("deck", p.getParent() instanceof Deck ? ((Deck) p.getParent()).getDeckName() : null);
    d.put("traits", traitIds(p));
    final Map<String, Object> props = new LinkedHashMap<>();
    for (GamePiece q = p; q != null; q = q instanceof Decorator ? ((Decorator) q).getInner() : null) {
      if (!(q instanceof PropertyNameSource)) continue;
      for (final String name : ((PropertyNameSource) q).getPropertyNames()) {
        final Object v = p.getProperty(name);
        props.putIfAbsent(name, v == null ? null : String.valueOf(v));
      }
    }
    d.put("properties", props);
    d.put("obscured_to_me", Boolean.TRUE.equals(p.getProperty(VASSAL.counters.Properties.OBSCURED_TO_ME)));
    final Object by = p.getProperty(VASSAL.counters.Properties.OBSCURED_BY);
    d.put("obscured_by", by == null ? null : String.valueOf(by));
    d.put("type", p.getType());
    d.put("state", p.getState());
    return d;
  }

  List<Map<String, Object>> dump() {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final GamePiece p : pieces()) out.add(describe(p));
    return out;
  }

  /**
   * VASSAL's configuration, except that the "java" it would start helper processes with (after every save it tells
   * a Module Manager about the file) is {@code /bin/true}: an unattended run has no Module Manager to tell.
   */
  private static final class NoHelperProcesses implements Config {
    private final Config config;

    NoHelperProcesses(Config config) {
      this.config = config;
    }

    @Override public String getVersion() { return config.getVersion(); }
    @Override public String getReportableVersion() { return config.getReportableVersion(); }
    @Override public Path getBaseDir() { return config.getBaseDir(); }
    @Override public Path getDocDir() { return config.getDocDir(); }
    @Override public Path getConfDir() { return config.getConfDir(); }
    @Override public Path getCacheDir() { return config.getCacheDir(); }
    @Override public Path getTempDir() { return config.getTempDir(); }
    @Override public Path getPrefsDir() { return config.getPrefsDir(); }
    @Override public Path getErrorLogPath() { return config.getErrorLogPath(); }
    @Override public Path getJavaBinPath() { return Path.of("/bin/true"); }
  }

  /** An action the request asked for cannot be done (a name not found, a command with no effect). */
  static final class ActionError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ActionError(String message) {
      super(message);
    }
  }
}
