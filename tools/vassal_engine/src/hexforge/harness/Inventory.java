package hexforge.harness;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

import VASSAL.build.AbstractBuildable;
import VASSAL.build.AbstractConfigurable;
import VASSAL.build.AutoConfigurable;
import VASSAL.build.Buildable;
import VASSAL.build.Configurable;
import VASSAL.build.GameModule;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.PrototypeDefinition;
import VASSAL.build.module.map.DrawPile;
import VASSAL.build.module.map.SetupStack;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.properties.GlobalProperty;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.build.widget.CardSlot;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.AddPiece;
import VASSAL.counters.Deck;
import VASSAL.counters.GamePiece;
import VASSAL.tools.imageop.Op;

/**
 * The {@code check} command: what VASSAL made of a module, and every problem it had doing so. Piece definitions
 * (palette slots, cards, prototypes) go through VASSAL's decoder and re-encoder, because VASSAL silently repairs a
 * malformed trait; every image the module names is loaded, because VASSAL loads images lazily; then a game starts.
 */
final class Inventory {
  private final Engine engine;
  private final GameModule mod;

  private Inventory(Engine engine) {
    this.engine = engine;
    this.mod = engine.module;
  }

  static void run(Engine engine) throws Exception {
    final Inventory inv = new Inventory(engine);
    final Report r = engine.report;
    Engine.edt(() -> {
      r.put("slots", inv.slots());
      r.put("prototypes", inv.prototypes());
      r.put("images", inv.images());
      r.put("maps", inv.maps());
      r.put("decks", inv.stacks(true));
      r.put("at_start", inv.stacks(false));
      r.put("sides", inv.sides());
      r.put("turn_trackers", inv.components(TurnTracker.class));
      r.put("setups", inv.setups());
      r.put("global_properties", inv.globalProperties());
    });
    engine.settle();
    r.phase("inventory-done");
    r.put("game", Engine.edt(engine::newGame));
    engine.settle();
    r.put("started", Engine.edt(inv::started));
    r.phase("game-started");
    r.put("chat", Engine.edt(Capture::chat));
  }

  /** The names of a component's ancestors below the module, outermost first: its place in the editor's tree. */
  static List<String> path(Buildable b) {
    final List<String> names = new ArrayList<>();
    for (Buildable a = b instanceof AbstractBuildable ? ((AbstractBuildable) b).getAncestor() : null;
         a != null && !(a instanceof GameModule);
         a = a instanceof AbstractBuildable ? ((AbstractBuildable) a).getAncestor() : null) {
      names.add(0, a instanceof Configurable ? String.valueOf(((Configurable) a).getConfigureName()) : "");
    }
    return names;
  }

  /** A component as data: its class, its attributes as the buildFile would hold them, and its sub-components. */
  static Map<String, Object> component(Object b) {
    final Map<String, Object> d = new LinkedHashMap<>();
    d.put("class", b.getClass().getName());
    if (b instanceof AutoConfigurable) {
      final Map<String, Object> attrs = new LinkedHashMap<>();
      final AutoConfigurable a = (AutoConfigurable) b;
      for (final String n : a.getAttributeNames()) attrs.put(n, a.getAttributeValueString(n));
      d.put("attributes", attrs);
    }
    if (b instanceof AbstractBuildable) {
      final List<Object> children = new ArrayList<>();
      for (final Buildable c : ((AbstractBuildable) b).getBuildables()) children.add(component(c));
      d.put("children", children);
    }
    return d;
  }

  private <T> List<Object> components(Class<T> type) {
    final List<Object> out = new ArrayList<>();
    for (final T t : mod.getAllDescendantComponentsOf(type)) out.add(component(t));
    return out;
  }

  /**
   * A named key command is stored as "code,modifiers,name", but VASSAL gives each name a code of its own choosing when
   * it loads the module (0xE000 upwards, in the order it meets them), so only the name is compared.
   */
  private static final Pattern NAMED_KEY = Pattern.compile("(?<![\\d,])(0|5[7-9]\\d{3}|6[0-3]\\d{3}),\\d+,(?=[^\\d;,\\\\/\t])");

  private static String withoutNamedKeyCodes(String definition) {
    return NAMED_KEY.matcher(definition).replaceAll("#,#,");
  }

  /** Compare a stored piece definition with VASSAL's re-encoding of the piece it decodes to. */
  private boolean roundTrip(String what, String given, GamePiece piece) {
    final String vassal = mod.encode(new AddPiece(piece));
    if (withoutNamedKeyCodes(vassal).equals(withoutNamedKeyCodes(given))) return true;
    final Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("given", given);
    detail.put("vassal", vassal);
    engine.report.problem("ROUNDTRIP", what + ": VASSAL re-encodes the piece definition differently", detail);
    return false;
  }

  private List<Object> slots() {
    final List<Object> out = new ArrayList<>();
    for (final PieceSlot slot : mod.getAllDescendantComponentsOf(PieceSlot.class)) {
      final String what = (slot instanceof CardSlot ? "card" : "slot") + " '" + slot.getConfigureName() + "'";
      final GamePiece p = slot.getPiece();
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("kind", slot instanceof CardSlot ? "card" : "piece");
      d.put("slot", slot.getConfigureName());
      d.put("path", path(slot));
      d.put("gpid", slot.getGpId());
      if (p == null) {
        engine.report.problem("PIECE", what + " has no usable piece");
        out.add(d);
        continue;
      }
      d.put("name", p.getName());
      d.put("traits", Engine.traitIds(p));
      d.put("roundtrip", roundTrip(what, slot.getPieceDefinition(), p));
      final BufferedImage img = new BufferedImage(4, 4, BufferedImage.TYPE_INT_ARGB);
      final Graphics2D g = img.createGraphics();
      p.draw(g, 2, 2, null, 1.0);   // loads the images of its current look
      g.dispose();
      final Rectangle bb = p.boundingBox();
      d.put("size", List.of(bb.width, bb.height));
      out.add(d);
    }
    return out;
  }

  private List<Object> prototypes() throws ReflectiveOperationException {
    final Field def = PrototypeDefinition.class.getDeclaredField("pieceDefinition");
    def.setAccessible(true);
    final List<Object> out = new ArrayList<>();
    for (final PrototypeDefinition proto : mod.getAllDescendantComponentsOf(PrototypeDefinition.class)) {
      final Map<String, Object> d = new LinkedHashMap<>();
      final String what = "prototype '" + proto.getConfigureName() + "'";
      d.put("name", proto.getConfigureName());
      d.put("path", path(proto));
      final GamePiece p = proto.getPiece();
      if (p == null) {
        engine.report.problem("PIECE", what + " has no usable definition");
      }
      else {
        d.put("traits", Engine.traitIds(p));
        d.put("roundtrip", roundTrip(what, (String) def.get(proto), p));
      }
      out.add(d);
    }
    return out;
  }

  private Map<String, Object> images() {
    final Set<String> all = new HashSet<>();
    mod.addImageNamesRecursively(all);
    final Set<String> names = new TreeSet<>();
    for (final String n : all) {
      if (n != null && !n.isEmpty()) names.add(n);
    }
    final List<String> failed = new ArrayList<>();
    for (final String n : names) {
      if (Op.load(n).getImage() == null) {
        failed.add(n);
        engine.report.problem("IMAGE", "VASSAL cannot load image '" + n + "'");
      }
    }
    final Set<String> inArchive = new TreeSet<>();
    Collections.addAll(inArchive, mod.getDataArchive().getImageNames());
    final Map<String, Object> d = new LinkedHashMap<>();
    d.put("referenced", new ArrayList<>(names));
    d.put("in_archive", new ArrayList<>(inArchive));
    d.put("failed", failed);
    return d;
  }

  private List<Object> maps() {
    final List<Object> out = new ArrayList<>();
    for (final VASSAL.build.module.Map m : engine.maps()) {
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", m.getMapName());
      d.put("class", m.getClass().getName());
      final List<Object> boards = new ArrayList<>();
      for (final String bn : m.getBoardPicker().getAllowableBoardNames()) {
        final Board b = m.getBoardPicker().getBoard(bn);
        final Map<String, Object> bd = new LinkedHashMap<>();
        bd.put("name", b.getName());
        bd.put("width", b.bounds().width);
        bd.put("height", b.bounds().height);
        bd.put("grid", b.getGrid() == null ? null : component(b.getGrid()));
        boards.add(bd);
      }
      d.put("boards", boards);
      out.add(d);
    }
    return out;
  }

  /** Each component of a type as its name, its place in the tree, and what {@code more} adds. */
  private <T extends AbstractConfigurable> List<Object> each(Class<T> type, BiConsumer<T, Map<String, Object>> more) {
    final List<Object> out = new ArrayList<>();
    for (final T t : mod.getAllDescendantComponentsOf(type)) {
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", t.getConfigureName());
      d.put("path", path(t));
      more.accept(t, d);
      if (!d.isEmpty()) out.add(d);
    }
    return out;
  }

  /** The decks (with {@code drawPiles}) or the other at-start stacks: where they are, how many slots they hold. */
  private List<Object> stacks(boolean drawPiles) {
    return each(SetupStack.class, (s, d) -> {
      if ((s instanceof DrawPile) != drawPiles) {
        d.clear();
        return;
      }
      d.put("map", s.getMap() == null ? null : s.getMap().getMapName());
      d.put(drawPiles ? "cards" : "pieces", s.getAllDescendantComponentsOf(PieceSlot.class).size());
      d.put("attributes", component(s).get("attributes"));
    });
  }

  private List<Object> sides() {
    final List<Object> out = new ArrayList<>();
    for (final PlayerRoster r : mod.getAllDescendantComponentsOf(PlayerRoster.class)) out.addAll(r.getSides());
    return out;
  }

  private List<Object> setups() {
    return each(PredefinedSetup.class, (s, d) -> {
      d.put("menu", s.isMenu());
      d.put("use_file", s.isUseFile());
      d.put("file", s.getFileName());
    });
  }

  private List<Object> globalProperties() {
    return each(GlobalProperty.class, (g, d) -> {
      d.put("value", g.getPropertyValue());
      d.put("attributes", component(g).get("attributes"));
    });
  }

  /** Once the game has started: the decks as dealt, the pieces on each map, each turn tracker's turn. */
  private Map<String, Object> started() throws ReflectiveOperationException {
    final Map<String, Object> d = new LinkedHashMap<>();
    final List<Object> decks = new ArrayList<>();
    final Map<String, Object> onMaps = new LinkedHashMap<>();
    for (final VASSAL.build.module.Map m : engine.maps()) {
      int n = 0;
      for (final GamePiece p : m.getAllPieces()) {
        if (p instanceof Deck) {
          final Map<String, Object> dd = new LinkedHashMap<>();
          dd.put("name", ((Deck) p).getDeckName());
          dd.put("map", m.getMapName());
          dd.put("count", ((Deck) p).getPieceCount());
          decks.add(dd);
        }
        else if (p instanceof VASSAL.counters.Stack) {
          n += ((VASSAL.counters.Stack) p).getPieceCount();
        }
        else {
          n++;
        }
      }
      onMaps.put(m.getMapName(), n);
    }
    d.put("decks", decks);
    d.put("pieces_on_maps", onMaps);
    final Method turn = TurnTracker.class.getDeclaredMethod("getTurnString");
    turn.setAccessible(true);
    final Map<String, Object> turns = new LinkedHashMap<>();
    for (final TurnTracker t : mod.getAllDescendantComponentsOf(TurnTracker.class)) {
      turns.put(t.getConfigureName(), turn.invoke(t));
    }
    d.put("turns", turns);
    d.put("wizard_requests", org.netbeans.api.wizard.WizardDisplayer.requests());
    return d;
  }
}
