import type { CalloutForm } from "@cohort/common/callout-form";

/**
 * A three-slide form: the first asks for a name (required) and whether the
 * respondent saw the event; "no" skips the second slide. The second shows a
 * follow-up question only for those who were there in person.
 */
export const branchingForm: CalloutForm = {
  slides: [
    {
      id: "about",
      title: "About you",
      navigation: { nextText: "Continue" },
      components: [
        { id: "c1", key: "name", type: "textfield", label: "Your name", input: true, validate: { required: true } },
        {
          id: "c2",
          key: "sawIt",
          type: "radio",
          label: "Did you see it?",
          input: true,
          values: [
            { label: "Yes", value: "yes" },
            { label: "No", value: "no", nextSlideId: "end" },
          ],
        },
      ],
    },
    {
      id: "details",
      title: "Details",
      navigation: {},
      components: [
        {
          id: "c3",
          key: "where",
          type: "select",
          label: "Where were you?",
          input: true,
          data: {
            values: [
              { label: "On site", value: "onSite" },
              { label: "Online", value: "online" },
            ],
          },
        },
        {
          id: "c4",
          key: "crowd",
          type: "number",
          label: "How many people were there?",
          input: true,
          conditional: { show: true, when: "where", eq: "onSite" },
        },
      ],
    },
    {
      id: "end",
      title: "Last words",
      navigation: { submitText: "Send my answer" },
      components: [{ id: "c5", key: "comment", type: "textarea", label: "Anything else?", input: true }],
    },
  ],
};

export const fileForm: CalloutForm = {
  slides: [
    {
      id: "photos",
      title: "Photos",
      navigation: {},
      components: [
        { id: "f1", key: "photo", type: "file", label: "Your photo", input: true, validate: { required: true } },
      ],
    },
  ],
};

/** A panel, a well and two tabs on one slide; the second tab holds a required field. */
export const nestedForm: CalloutForm = {
  slides: [
    {
      id: "nested",
      title: "Nested",
      navigation: {},
      components: [
        {
          id: "p",
          key: "aboutPanel",
          type: "panel",
          label: "About the place",
          components: [{ id: "p1", key: "town", type: "textfield", label: "Town", input: true }],
        },
        {
          id: "w",
          key: "noteWell",
          type: "well",
          components: [{ id: "w1", key: "note", type: "content", html: "<p>Take your time.</p>" }],
        },
        {
          id: "t",
          key: "moreTabs",
          type: "tabs",
          components: [
            {
              key: "first",
              label: "First",
              components: [{ id: "t1", key: "colour", type: "textfield", label: "Colour", input: true }],
            },
            {
              key: "second",
              label: "Second",
              components: [
                {
                  id: "t2",
                  key: "agree",
                  type: "checkbox",
                  label: "I agree",
                  input: true,
                  validate: { required: true },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};
