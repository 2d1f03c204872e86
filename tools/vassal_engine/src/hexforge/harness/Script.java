package hexforge.harness;

import java.awt.Component;
import java.awt.Point;
import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.AbstractButton;
import javax.swing.Action;
import javax.swing.KeyStroke;

import VASSAL.build.AbstractConfigurable;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.GameState;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.PieceMover;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.Command;
import VASSAL.counters.Deck;
import VASSAL.counters.DragBuffer;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyBuffer;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.PieceCloner;
import VASSAL.counters.PieceIterator;
import VASSAL.counters.Properties;
import VASSAL.tools.NamedKeyStroke;
import VASSAL.tools.filechooser.FileChooser;
import VASSAL.tools.filechooser.FileFilter;

/**
 * The {@code script} command: a game played through VASSAL's own command path, one step per action of the request
 * (see docs/vassal-engine.md for the action vocabulary). Each step reports the commands it sent, in VASSAL's encoding,
 * and the chat lines it produced. The first action that cannot be done stops the script with an error.
 */
final class Script {
  private final Engine engine;
  private final GameModule mod;
  private final Sent sent;
  private final File outDir;
  private int chatSeen;

  private Script(Engine engine, Sent sent, File outDir) {
    this.engine = engine;
    this.mod = engine.module;
    this.sent = sent;
    this.outDir = outDir;
  }

  static void run(Engine engine, Map<String, Object> request) throws Exception {
    final File outDir = new File(String.valueOf(request.get("out_dir")));
    outDir.mkdirs();
    final Script s = new Script(engine, Sent.install(engine.module), outDir);
    final List<Object> steps = new ArrayList<>();
    engine.report.put("steps", steps);
    final List<?> actions = (List<?>) request.get("actions");
    for (int i = 0; i < actions.size(); i++) {
      final Map<String, Object> a = Json.object(actions.get(i));
      final Map<String, Object> step = new LinkedHashMap<>();
      step.put("do", a.get("do"));
      try {
        // these wait for Swing to paint or for a background task, so they run off the event thread
        if ("screenshot".equals(a.get("do"))) s.shoot(a, step);
        else if ("wait_chat".equals(a.get("do"))) s.waitChat(a, step);
        else Engine.edt(() -> s.act(a, step));
      }
      catch (Engine.ActionError e) {
        final Map<String, Object> err = new LinkedHashMap<>();
        err.put("index", i);
        err.put("do", a.get("do"));
        err.put("message", e.getMessage());
        engine.report.put("error", err);
        break;
      }
      finally {
        engine.settle();
        Engine.edt(() -> {
          step.put("commands", s.sent.drain(s.mod));
          step.put("chat", s.newChat());
        });
        steps.add(step);
        engine.report.phase("step-" + i);
      }
    }
    Engine.edt(() -> {
      engine.report.put("pieces", engine.dump());
      engine.report.put("chat", Capture.chat());
    });
  }

  /** Wait for a new chat line matching {@code pattern} (work the event thread does in the background, e.g. a check
   * run in a SwingWorker), polling off the event thread. */
  private void waitChat(Map<String, Object> a, Map<String, Object> step) throws Exception {
    final java.util.regex.Pattern wanted = java.util.regex.Pattern.compile(str(a, "pattern"));
    final double timeout = a.get("timeout") == null ? 120 : ((Number) a.get("timeout")).doubleValue();
    final long until = System.currentTimeMillis() + (long) (timeout * 1000);
    while (true) {
      engine.settle();
      final List<String> chat = Engine.edt(Capture::chat);
      for (final String line : chat.subList(Math.min(chatSeen, chat.size()), chat.size())) {
        if (wanted.matcher(line).find()) {
          step.put("line", line);
          return;
        }
      }
      if (System.currentTimeMillis() > until) {
        throw new Engine.ActionError("no chat line matched '" + wanted + "' within " + timeout + " s; new lines: "
          + chat.subList(Math.min(chatSeen, chat.size()), chat.size()));
      }
      Thread.sleep(100);
    }
  }

  private List<String> newChat() {
    final List<String> all = Capture.chat();
    final List<String> fresh = new ArrayList<>(all.subList(Math.min(chatSeen, all.size()), all.size()));
    chatSeen = all.size();
    return fresh;
  }

  private static String str(Map<String, Object> a, String key) {
    final Object v = a.get(key);
    if (v == null) throw new Engine.ActionError("action '" + a.get("do") + "' needs '" + key + "'");
    return String.valueOf(v);
  }

  private void act(Map<String, Object> a, Map<String, Object> step) throws Exception {
    final String op = String.valueOf(a.get("do"));
    switch (op) {
    case "new_game":
      step.putAll(a.get("setup") == null ? engine.newGame() : openSetup(str(a, "setup")));
      break;
    case "side":
      engine.claimSide(str(a, "side"));
      break;
    case "begin_log":
      beginLog(new File(outDir, str(a, "file")));
      break;
    case "end_log":
      logAction("endLogAction");
      break;
    case "save":
      final File f = new File(outDir, str(a, "file"));
      mod.getGameState().saveGame(f);   // File › Save Game As, once the file is chosen
      step.put("file", f.getPath());
      break;
    case "place":
      step.put("piece", engine.describe(place(a)));
      break;
    case "move": {
      final GamePiece p = engine.piece(a.get("piece"));
      final VASSAL.build.module.Map map = a.get("map") == null && p.getMap() != null ? p.getMap()
        : engine.map((String) a.get("map"));
      drop(map, p, Engine.point(map, a.get("to")));
      step.put("piece", engine.describe(p));
      break;
    }
    case "key": {
      final GamePiece p = engine.piece(a.get("piece"));
      step.put("changed", keyOn(p, keyStroke(p, a)));
      step.put("piece", p.getMap() == null ? null : engine.describe(p));
      break;
    }
    case "button":
      button(str(a, "name")).doClick();
      break;
    case "select": {
      // what a player's clicks (and shift-clicks) on the map leave: these pieces selected, nothing else
      KeyBuffer.getBuffer().clear();
      final List<Object> chosen = new ArrayList<>();
      for (final Object sel : (List<?>) a.get("pieces")) {
        final GamePiece p = engine.piece(sel);
        KeyBuffer.getBuffer().add(p);
        chosen.add(p.getName());
      }
      step.put("selected", chosen);
      break;
    }
    case "eval": {
      // what an expression gives on a piece (what a trait of that piece would compute)
      final GamePiece p = engine.piece(a.get("piece"));
      final List<Object> values = new ArrayList<>();
      for (final Object e : (List<?>) a.get("expressions")) {
        try {
          values.add(VASSAL.script.expression.Expression.createExpression(String.valueOf(e)).evaluate(p));
        }
        catch (Exception ex) {
          values.add("ERROR: " + ex);
        }
      }
      step.put("values", values);
      break;
    }
    case "seed":
      engine.seedDice(((Number) a.get("value")).longValue());   // the dice the next rolls give
      break;
    case "centre": {
      final VASSAL.build.module.Map map = engine.map((String) a.get("map"));
      map.centerAt(Engine.point(map, a.get("at")));
      break;
    }
    case "turn":
      step.put("turn", turn((String) a.get("tracker"), String.valueOf(a.getOrDefault("step", "next"))));
      break;
    case "draw":
      step.put("pieces", draw(a));
      break;
    case "dump":
      step.put("pieces", engine.dump());
      break;
    case "show":
      Look.show(mod, ((Number) a.getOrDefault("width", 1280)).intValue(), ((Number) a.getOrDefault("height", 1000)).intValue());
      break;
    case "tabs":
      Look.selectTabs(Look.window(engine, str(a, "window")), (List<?>) a.get("path"));
      break;
    case "inspect":
      step.put("view", Look.inspect(engine));
      break;
    case "player":
      // another person at the same table: VASSAL tells players apart by the id its password makes
      mod.getPrefs().setValue(GameModule.REAL_NAME, str(a, "name"));
      GameModule.setUserId(str(a, "password"));
      break;
    case "pref":
      mod.getPrefs().setValue(str(a, "name"), a.get("value") instanceof Boolean ? a.get("value") : str(a, "value"));
      break;
    case "click_list":
      step.put("row", Screen.clickList(Look.window(engine, str(a, "window")),
        ((Number) a.getOrDefault("row", 0)).intValue(), ((Number) a.getOrDefault("count", 1)).intValue()));
      break;
    case "rows":
      step.put("rows", Screen.rows(Look.window(engine, str(a, "window"))));
      break;
    case "map_view":
      step.put("map_view", Screen.mapView(engine.map((String) a.get("map"))));
      break;
    default:
      throw new Engine.ActionError("unknown action '" + op + "'");
    }
  }

  /** A screenshot of a window (with tabs selected first): prepared on the event thread, then Swing is left to paint
   * (images load on worker threads) before the display's pixels are read. The window comes to the front, then the
   * windows {@code above} names (a dialog a window manager would keep above its owner; Xvfb has none to do it). */
  private void shoot(Map<String, Object> a, Map<String, Object> step) throws Exception {
    final java.awt.Window w = Engine.edt(() -> {
      final java.awt.Window found = Look.window(engine, str(a, "window"));
      if (a.get("tabs") != null) Look.selectTabs(found, (List<?>) a.get("tabs"));
      found.toFront();
      for (final Object name : (List<?>) a.getOrDefault("above", List.of())) {
        Look.window(engine, String.valueOf(name)).toFront();
      }
      found.validate();
      found.repaint();
      return found;
    });
    for (int i = 0; i < 8; i++) {
      Thread.sleep(100);
      engine.settle();
    }
    Engine.edt(() -> w.repaint());
    Thread.sleep(300);
    engine.settle();
    step.put("shot", Look.screenshot(w, new File(outDir, str(a, "file"))));
  }

  /** Open a predefined setup from the New Game menu (in the foreground, so the script waits for it). */
  private Map<String, Object> openSetup(String name) throws Exception {
    for (final PredefinedSetup s : mod.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (!name.equals(s.getConfigureName()) || s.isMenu()) continue;
      if (!s.isUseFile() || s.getFileName() == null) return engine.newGame();
      final GameState gs = mod.getGameState();
      gs.setup(false);
      gs.loadGameInForeground(s.getFileName(), s.getSavedGameContents());
      final Map<String, Object> out = new LinkedHashMap<>();
      out.put("started", gs.isGameStarted());
      out.put("setup", name);
      return out;
    }
    throw new Engine.ActionError("no predefined setup '" + name + "'");
  }

  private Action loggerAction(String field) throws ReflectiveOperationException {
    final Field f = BasicLogger.class.getDeclaredField(field);
    f.setAccessible(true);
    return (Action) f.get(mod.getLogger());
  }

  private void logAction(String field) throws ReflectiveOperationException {
    final Action action = loggerAction(field);
    if (!action.isEnabled()) throw new Engine.ActionError("VASSAL's " + field + " is not enabled now");
    action.actionPerformed(null);
  }

  /** File › Begin Logfile, with the file dialog answered by {@code file}. */
  private void beginLog(File file) throws ReflectiveOperationException {
    final Field fc = GameModule.class.getDeclaredField("fileChooser");
    fc.setAccessible(true);
    fc.set(mod, new Answer(file));
    logAction("newLogAction");
    if (!((BasicLogger) mod.getLogger()).isLogging()) throw new Engine.ActionError("VASSAL did not begin a logfile");
  }

  /** Drag a new piece out of the palette and drop it on the map (PieceSlot.startDrag, then a drop). */
  private GamePiece place(Map<String, Object> a) {
    final String name = str(a, "slot");
    final List<PieceSlot> found = new ArrayList<>();
    for (final PieceSlot s : mod.getAllDescendantComponentsOf(PieceSlot.class)) {
      if (name.equals(s.getConfigureName())) found.add(s);
    }
    if (found.isEmpty()) {
      for (final PieceSlot s : mod.getAllDescendantComponentsOf(PieceSlot.class)) {
        if (s.getPiece() != null && name.equals(s.getPiece().getName())) found.add(s);
      }
    }
    if (found.size() != 1) {
      throw new Engine.ActionError((found.isEmpty() ? "no" : found.size()) + " palette slots named '" + name + "'");
    }
    final PieceSlot slot = found.get(0);
    final GamePiece piece = PieceCloner.getInstance().clonePiece(slot.getPiece());
    piece.setProperty(Properties.PIECE_ID, slot.getGpId());
    final VASSAL.build.module.Map map = engine.map((String) a.get("map"));
    drop(map, piece, Engine.point(map, a.get("at")));
    return piece;
  }

  /** What the map's PieceMover does when pieces are dropped on it (PieceMover.performDrop). */
  private void drop(VASSAL.build.module.Map map, GamePiece piece, Point p) {
    final List<PieceMover> movers = map.getComponentsOf(PieceMover.class);
    if (movers.isEmpty()) throw new Engine.ActionError("map '" + map.getMapName() + "' has no PieceMover");
    KeyBuffer.getBuffer().clear();
    DragBuffer.getBuffer().clear();
    DragBuffer.getBuffer().add(piece);
    final Command c = movers.get(0).movePieces(map, p);
    mod.sendAndLog(c);
    DragBuffer.getBuffer().clear();
    if (c == null || c.isNull()) throw new Engine.ActionError("dropping '" + piece.getName() + "' did nothing");
  }

  /** The key of an action: a Java key name ("ctrl F"), a named key command, or a right-click menu entry. */
  private static KeyStroke keyStroke(GamePiece p, Map<String, Object> a) {
    if (a.get("key") != null) {
      final KeyStroke ks = KeyStroke.getKeyStroke(String.valueOf(a.get("key")));
      if (ks == null) throw new Engine.ActionError("not a key: '" + a.get("key") + "' (write it like 'ctrl F')");
      return ks;
    }
    if (a.get("named") != null) return NamedKeyStroke.of(String.valueOf(a.get("named"))).getKeyStroke();
    final String menu = str(a, "menu");
    final List<String> seen = new ArrayList<>();
    final Object cmds = p.getProperty(Properties.KEY_COMMANDS);
    if (cmds instanceof KeyCommand[]) {
      for (final KeyCommand k : (KeyCommand[]) cmds) {
        if (menu.equals(k.getName()) && k.getKeyStroke() != null) return k.getKeyStroke();
        seen.add(k.getName());
      }
    }
    throw new Engine.ActionError("'" + p.getName() + "' has no menu command '" + menu + "' (it has " + seen + ")");
  }

  /** A key pressed on the selected piece (what ForwardToKeyBuffer does); true if it changed anything. */
  private boolean keyOn(GamePiece piece, KeyStroke ks) {
    KeyBuffer.getBuffer().clear();
    KeyBuffer.getBuffer().add(piece);
    final Command c = KeyBuffer.getBuffer().keyCommand(ks);
    mod.sendAndLog(c);
    KeyBuffer.getBuffer().clear();
    return c != null && !c.isNull();
  }

  /** A toolbar button, found by its component's name, its text or its tooltip. */
  private AbstractButton button(String name) throws ReflectiveOperationException {
    final List<String> seen = new ArrayList<>();
    for (final AbstractConfigurable c : mod.getAllDescendantComponentsOf(AbstractConfigurable.class)) {
      final Method launch;
      try {
        launch = c.getClass().getMethod("getLaunchButton");
      }
      catch (NoSuchMethodException e) {
        continue;
      }
      final Object b = launch.invoke(c);
      if (!(b instanceof AbstractButton)) continue;
      final AbstractButton button = (AbstractButton) b;
      if (name.equals(c.getConfigureName()) || name.equals(button.getText()) || name.equals(button.getToolTipText())) {
        return button;
      }
      seen.add(c.getConfigureName());
    }
    for (final Component c : mod.getToolBar().getComponents()) {
      if (c instanceof AbstractButton && (name.equals(((AbstractButton) c).getText())
          || name.equals(((AbstractButton) c).getToolTipText()))) {
        return (AbstractButton) c;
      }
    }
    throw new Engine.ActionError("no toolbar button '" + name + "' (components with buttons: " + seen + ")");
  }

  /** Press the turn tracker's next (+) or previous (-) button; returns the new turn as the tracker shows it. */
  private String turn(String name, String direction) throws ReflectiveOperationException {
    TurnTracker tracker = null;
    for (final TurnTracker t : mod.getAllDescendantComponentsOf(TurnTracker.class)) {
      if (name == null || name.equals(t.getConfigureName())) tracker = t;
      if (name == null) break;
    }
    if (tracker == null) throw new Engine.ActionError("no turn tracker" + (name == null ? "" : " '" + name + "'"));
    if (!"next".equals(direction) && !"prev".equals(direction)) {
      throw new Engine.ActionError("turn step is 'next' or 'prev', not '" + direction + "'");
    }
    final Field widget = TurnTracker.class.getDeclaredField("turnWidget");
    widget.setAccessible(true);
    final Object w = widget.get(tracker);
    final Field button = w.getClass().getDeclaredField(direction + "Button");
    button.setAccessible(true);
    ((AbstractButton) button.get(w)).doClick();
    final Method turn = TurnTracker.class.getDeclaredMethod("getTurnString");
    turn.setAccessible(true);
    return (String) turn.invoke(tracker);
  }

  /** Drag the top card(s) off a deck (PieceMover's deck selection) and drop them on a map point. */
  private List<Object> draw(Map<String, Object> a) {
    final String name = str(a, "deck");
    Deck deck = null;
    for (final VASSAL.build.module.Map m : engine.maps()) {
      for (final GamePiece p : m.getAllPieces()) {
        if (p instanceof Deck && name.equals(((Deck) p).getDeckName())) deck = (Deck) p;
      }
    }
    if (deck == null) throw new Engine.ActionError("no deck '" + name + "' on any map");
    final VASSAL.build.module.Map map = engine.map((String) a.get("map"));
    final Point at = Engine.point(map, a.get("to"));
    final int count = a.get("count") == null ? 1 : ((Number) a.get("count")).intValue();
    final List<Object> drawn = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      final PieceIterator it = deck.drawCards();
      if (!it.hasMoreElements()) throw new Engine.ActionError("deck '" + name + "' is empty");
      final GamePiece card = it.nextPiece();
      card.setProperty(Properties.OBSCURED_BY, card.getProperty(Properties.OBSCURED_BY_PRE_DRAW));
      drop(map, card, at);
      drawn.add(engine.describe(card));
    }
    return drawn;
  }

  /** The file dialog, answered: always "OK" with the one file given. */
  private static final class Answer extends FileChooser {
    private File file;

    Answer(File file) {
      super(null, null);
      this.file = file;
    }

    @Override public File getCurrentDirectory() { return file.getParentFile(); }
    @Override public void setCurrentDirectory(File dir) { }
    @Override public void rescanCurrentDirectory() { }
    @Override public File getSelectedFile() { return file; }
    @Override public void setSelectedFile(File f) { file = f; }
    @Override public String getDialogTitle() { return ""; }
    @Override public void setDialogTitle(String title) { }
    @Override public int showOpenDialog(Component parent) { return APPROVE_OPTION; }
    @Override public int showSaveDialog(Component parent) { return APPROVE_OPTION; }
    @Override public FileFilter getFileFilter() { return null; }
    @Override public void setFileFilter(FileFilter filter) { }
    @Override public void addChoosableFileFilter(FileFilter filter) { }
    @Override public boolean removeChoosableFileFilter(FileFilter filter) { return true; }
    @Override public void resetChoosableFileFilters() { }
  }
}
