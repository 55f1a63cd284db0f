import type { Callout } from "@cohort/common/callouts";

/** An open callout that guests may answer, with a one-field form, as the public API gives it. */
export function riverCallout(overrides: Partial<Callout> = {}): Callout {
  return {
    id: "0b9e8f36-7c0a-4f4e-9a55-1d2b3c4d5e6f",
    slug: "river-walk",
    title: "Tell us about the river",
    excerpt: "Where do you walk by the river?",
    image: "",
    starts: "2024-01-01T00:00:00.000Z",
    expires: null,
    allowUpdate: false,
    allowMultiple: false,
    hidden: false,
    access: "guest",
    captcha: "none",
    status: "open",
    channels: null,
    intro: "<p>We are mapping the river paths.</p>",
    thanksTitle: "Thanks a lot",
    thanksText: "<p>We read every answer.</p>",
    newsletterSchema: null,
    variantNames: ["default"],
    formSchema: {
      slides: [
        {
          id: "walk",
          title: "Walk",
          navigation: { submitText: "Send my answer" },
          components: [
            {
              id: "a",
              key: "place",
              type: "textfield",
              label: "Your favourite spot",
              input: true,
              validate: { required: true },
            },
          ],
        },
      ],
    },
    ...overrides,
  };
}
