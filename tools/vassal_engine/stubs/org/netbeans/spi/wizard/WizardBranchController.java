package org.netbeans.spi.wizard;

import java.util.Map;

/** hexforge link-time stand-in: a branching wizard is shown as its first part only. */
public abstract class WizardBranchController {
  private final WizardPanelProvider base;

  protected WizardBranchController(WizardPanelProvider base) {
    this.base = base;
  }

  public final Wizard createWizard() {
    return base.createWizard();
  }

  protected WizardPanelProvider getPanelProviderForStep(String step, Map settings) {
    return null;
  }

  protected Wizard getWizardForStep(String step, Map settings) {
    return null;
  }
}
