package org.netbeans.spi.wizard;

import java.util.List;

/** hexforge link-time stand-in (see org.netbeans.api.wizard.WizardDisplayer): a wizard is just its step names. */
public final class Wizard {
  private final List<String> steps;

  Wizard(List<String> steps) {
    this.steps = List.copyOf(steps);
  }

  public List<String> getAllSteps() {
    return steps;
  }
}
