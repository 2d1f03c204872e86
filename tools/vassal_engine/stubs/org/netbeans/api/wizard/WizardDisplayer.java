package org.netbeans.api.wizard;

import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.swing.Action;
import org.netbeans.spi.wizard.Wizard;

/**
 * hexforge link-time stand-in for the wizard library VASSAL 3.6 was built against (not packaged anywhere we can
 * install from). VASSAL asks it to show its game-setup wizard; nothing is shown. Each request is remembered so the
 * harness can report which set-up steps VASSAL wanted a person to complete.
 */
public abstract class WizardDisplayer {
  private static final List<List<String>> REQUESTS = new ArrayList<>();

  protected WizardDisplayer() { }

  public static Object showWizard(Wizard wizard, Rectangle bounds) {
    return showWizard(wizard, bounds, null, null);
  }

  public static Object showWizard(Wizard wizard, Rectangle bounds, Action help, Map initialProperties) {
    synchronized (REQUESTS) {
      REQUESTS.add(wizard == null ? List.of() : wizard.getAllSteps());
    }
    return null;
  }

  /** The step names of every wizard VASSAL asked to show, in order. */
  public static List<List<String>> requests() {
    synchronized (REQUESTS) {
      return new ArrayList<>(REQUESTS);
    }
  }
}
