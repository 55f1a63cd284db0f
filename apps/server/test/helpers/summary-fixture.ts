import type { CalloutAnswers, FormComponent } from "@cohort/common/callout-form";
import type { FormSchemaInput } from "@cohort/common/callouts";

const input = (
  id: string,
  key: string,
  type: FormComponent["type"],
  label: string,
  extra: Partial<FormComponent> = {},
) => ({ id, key, type, label, input: true, ...extra }) as FormComponent;

/** A form with one input of every kind the summary of answers tells apart. */
export function summaryForm(): FormSchemaInput {
  return {
    slides: [
      {
        id: "s1",
        title: "One",
        navigation: { nextSlideId: null },
        components: [
          input("c1", "mood", "radio", "Mood", {
            values: [
              { label: "Happy", value: "happy" },
              { label: "Sad", value: "sad" },
              { label: "Meh", value: "meh" },
            ],
          }),
          input("c2", "topics", "selectboxes", "Topics", {
            values: [
              { label: "Housing", value: "housing" },
              { label: "Transport", value: "transport" },
              { label: "Schools", value: "schools" },
            ],
          }),
          input("c3", "agree", "checkbox", "Agree"),
          input("c4", "colour", "select", "Colour", {
            data: {
              values: [
                { label: "Red", value: "red" },
                { label: "Blue", value: "blue" },
              ],
            },
          }),
          input("c5", "age", "number", "Age"),
          input("c6", "rent", "currency", "Rent", { currency: "EUR" }),
          input("c7", "when", "datetime", "When"),
          input("c8", "story", "textarea", "Story"),
          input("c9", "where", "address", "Where"),
          input("c10", "photo", "file", "Photo"),
          input("c11", "sign", "signature", "Signature"),
          input("c12", "email", "email", "Email"),
        ],
      },
    ],
  };
}

const place = (lat: number, lng: number) => ({
  formatted_address: `${lat}, ${lng}`,
  geometry: { location: { lat, lng } },
});

/**
 * Five responses, oldest first, with the bucket each sits in. Their figures
 * are worked out by hand in the summary tests.
 */
export const summaryResponses: { bucket: string; answers: CalloutAnswers }[] = [
  {
    bucket: "",
    answers: {
      s1: {
        mood: "happy",
        topics: { housing: true, transport: true, schools: false },
        agree: true,
        colour: "red",
        age: 20,
        rent: 500.5,
        when: "2024-03-01",
        story: "The river flooded our street. Flooded street again!",
        where: place(52.5, 13.4),
        photo: { url: "https://files.example/p1.jpg" },
        sign: "data:image/png;base64,AAAA",
        email: "a@example.org",
      },
    },
  },
  {
    bucket: "verified",
    answers: {
      s1: {
        mood: "sad",
        topics: { housing: true },
        agree: false,
        colour: "blue",
        age: 30,
        rent: 700,
        when: "2024-03-03T12:00:00Z",
        story: "Flooded street near the school",
      },
    },
  },
  {
    bucket: "",
    answers: {
      s1: {
        mood: "happy",
        topics: { transport: true },
        colour: "red",
        age: 40,
        when: "2024-02-30",
        story: "",
        where: place(48.1, 11.6),
      },
    },
  },
  {
    bucket: "trash",
    answers: {
      s1: {
        mood: "happy",
        topics: {},
        colour: "green",
        age: 25,
        rent: 300,
        when: "not a date",
        story: "Bus late, the usual",
      },
    },
  },
  {
    bucket: "",
    answers: { s1: { topics: { schools: false }, age: "thirty", story: "bus bus late" } },
  },
];
