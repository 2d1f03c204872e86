package org.netbeans.spi.wizard;

import java.util.List;
import java.util.Map;
import javax.swing.JComponent;

/** hexforge link-time stand-in: the constructors and overridable methods VASSAL's WizardSupport links against. */
public abstract class WizardPanelProvider {
  private final List<String> steps;

  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {
    this.steps = steps == null ? List.of() : List.of(steps);
  }

  protected WizardPanelProvider(String[] steps, String[] descriptions) {
    this(null, steps, descriptions);
  }

  protected WizardPanelProvider(String title, String step, String description) {
    this(title, new String[] {step}, new String[] {description});
  }

  protected abstract JComponent createPanel(WizardController controller, String id, Map settings);

  protected Object finish(Map settings) throws WizardException {
    return settings;
  }

  public boolean cancel(Map settings) {
    return true;
  }

  protected final int indexOfStep(String id) {
    return steps.indexOf(id);
  }

  public final Wizard createWizard() {
    return new Wizard(steps);
  }
}
