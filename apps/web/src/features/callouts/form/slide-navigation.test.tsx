import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../../../app/i18n/i18n";
import { renderWithProviders } from "../../../test/harness";
import { SlideNavigation } from "./slide-navigation";

const noop = () => undefined;

function renderButtons(navigation: { prevText: string; nextText: string }, isLast = false) {
  renderWithProviders(
    <form>
      <SlideNavigation
        navigation={{ ...navigation, submitText: "Send" }}
        textLang="en-GB"
        isFirst={false}
        isLast={isLast}
        isBusy={false}
        isSubmitting={false}
        isPreview={false}
        onBack={noop}
      />
    </form>,
  );
}

describe("a callout's slide buttons", () => {
  afterEach(() => activateLocale("en"));

  it("speak the page's language where the callout kept the default wording", async () => {
    await activateLocale("ru");
    renderButtons({ prevText: "Back", nextText: "Next" });
    expect(screen.getByRole("button", { name: "Назад" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Далее" })).toBeInTheDocument();
  });

  it("keep the callout's own wording, marked with its language", async () => {
    await activateLocale("de");
    renderButtons({ prevText: "Back", nextText: "Show me the map" }, true);
    expect(screen.getByRole("button", { name: "Zurück" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Absenden" })).toBeInTheDocument();
    renderButtons({ prevText: "Back", nextText: "Show me the map" });
    expect(screen.getByText("Show me the map")).toHaveAttribute("lang", "en-GB");
  });
});
