import type { CalloutAnswers, FormComponent } from "@cohort/common/callout-form";
import { createCalloutSchema, type CreateCallout, type FormSchemaInput } from "@cohort/common/callouts";
import {
  SAMPLE_CITY_CENTER,
  SAMPLE_CITY_RADIUS_KM,
  SAMPLE_DATA_EMAIL_DOMAIN,
  SAMPLE_ENDED_CALLOUT_RESPONSES,
  SAMPLE_OPEN_CALLOUT_RESPONSES,
} from "@cohort/common/setup";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { sanitizeRichText } from "../../lib/html.js";
import { createCallout } from "../callouts/service.js";
import { sampleSignatures, sampleStreetPictures } from "./sample-images.js";
import { setLastResponseNumber } from "../callouts/records-service.js";
import { insertSampleAnswers } from "../responses/imports/service.js";
import { insertReviewers } from "../reviewers/service.js";
import { deleteStoredFiles, insertFileRecords, storedFileKey, storedFileUrl } from "../uploads/service.js";
import { markSampleCallout, type SampleCalloutRows } from "./sample-queries.js";

/** A sample contact who may answer, review or comment. */
export interface SamplePerson {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
}

type Random = () => number;

const ONE_HOUR = ONE_DAY / 24;

const option = (value: string, label: string) => ({ value, label });

const CONCERNS = [
  option("traffic", "Traffic and speeding"),
  option("litter", "Litter and fly-tipping"),
  option("housing", "Housing and rents"),
  option("noise", "Noise at night"),
  option("greenSpace", "Losing green space"),
];
const AREAS = ["Bedminster", "Bishopston", "Clifton", "Easton", "Redland", "Southville", "St Pauls", "Totterdown"].map(
  (area) => option(area.toLowerCase().replace(/\s+/g, "-"), area),
);
const TRAVEL = [
  option("walk", "On foot"),
  option("bike", "By bike"),
  option("bus", "By bus"),
  option("car", "By car"),
  option("train", "By train"),
];
const STREETS = [
  "Gloucester Road",
  "North Street",
  "Stapleton Road",
  "Whiteladies Road",
  "Cheltenham Road",
  "Wells Road",
  "St Marks Road",
  "Coronation Road",
  "Picton Street",
  "Chandos Road",
  "Sandy Park Road",
  "Raleigh Road",
];
const HEADLINES: Record<string, string[]> = {
  traffic: ["Cars race past the school", "Rat run at rush hour", "No safe place to cross", "Lorries on a side street"],
  litter: ["Bins overflow every weekend", "Mattresses dumped again", "Broken glass by the bus stop"],
  housing: ["Rent went up by a third", "Flats stand empty", "Damp that nobody fixes"],
  noise: ["Deliveries at 3am", "Music until dawn", "Generators running all night"],
  greenSpace: ["Our park is fenced off", "The last trees are going", "Allotments up for sale"],
};
const STORY_OPENINGS = [
  "It has been like this for months.",
  "I raised it with the council and heard nothing back.",
  "My neighbours all say the same.",
  "It got worse after the roadworks.",
  "Nobody seems to know who is responsible.",
];
const STORY_ENDINGS = [
  "I would like someone to look into it.",
  "Children walk past here every day.",
  "We are thinking of starting a petition.",
  "Older people on the street are worried.",
  "It would be good to know if other streets have the same problem.",
];
const CALLOUT_TAGS = ["Follow up", "Photo desk", "Needs checking", "Story lead", "Council"];
const COMMENTS = [
  "<p>I called them back: happy to be quoted by name.</p>",
  "<p>Same street as two other answers, worth a visit.</p>",
  "<p>Checked with the council press office, <strong>waiting</strong> for a reply.</p>",
  "<p>Lovely photo, could go with the print story.</p>",
  "<p>Not enough detail yet; sent a follow-up email.</p>",
  "<p>Good lead for the housing series.</p>",
];
const GUEST_FIRST = ["Alex", "Sam", "Jo", "Robin", "Charlie", "Morgan", "Kim", "Ali"];
const GUEST_LAST = ["Hughes", "Patel", "Evans", "Nowak", "Ahmed", "Clarke", "Reid", "Kaur"];

const input = (component: FormComponent): FormComponent => ({ ...component, input: true });

/** Every component type the form builder offers: each input, the content block and the three layouts. */
function streetStoriesForm(currency: string): FormSchemaInput {
  return {
    slides: [
      {
        id: "street",
        title: "Your street",
        navigation: { nextSlideId: null },
        components: [
          {
            id: "intro",
            key: "intro",
            type: "content",
            input: false,
            html: "<p>Tell us what is changing on your street. Our reporters read every answer.</p>",
          },
          input({
            id: "concern",
            key: "concern",
            type: "radio",
            label: "What worries you most about your street?",
            values: CONCERNS,
            validate: { required: true },
          }),
          input({ id: "area", key: "area", type: "select", label: "Which part of Bristol?", data: { values: AREAS } }),
          input({ id: "travel", key: "travel", type: "selectboxes", label: "How do you get around?", values: TRAVEL }),
          input({
            id: "yearsHere",
            key: "yearsHere",
            type: "number",
            label: "How many years have you lived there?",
            validate: { min: 0, max: 100, integer: true },
          }),
          input({
            id: "weeklySpend",
            key: "weeklySpend",
            type: "currency",
            label: "What do you spend in local shops in a week?",
            currency,
          }),
          {
            id: "when",
            key: "when",
            type: "tabs",
            input: false,
            components: [
              {
                key: "day",
                label: "Day",
                components: [
                  input({
                    id: "noticed",
                    key: "noticed",
                    type: "datetime",
                    label: "When did you first notice it?",
                    widget: { enableTime: false, maxDate: "$now" },
                  }),
                ],
              },
              {
                key: "hour",
                label: "Time",
                components: [
                  input({
                    id: "worstTime",
                    key: "worstTime",
                    type: "time",
                    label: "At what time of day is it worst?",
                    inputMask: "99:99",
                  }),
                ],
              },
            ],
          },
          input({ id: "localResident", key: "localResident", type: "checkbox", label: "I live in Bristol" }),
        ],
      },
      {
        id: "story",
        title: "Your story",
        navigation: { nextSlideId: null },
        components: [
          input({
            id: "headline",
            key: "headline",
            type: "textfield",
            label: "Sum it up in a few words",
            validate: { required: true, maxLength: 80 },
          }),
          input({ id: "story", key: "story", type: "textarea", label: "Tell us what happens" }),
          input({ id: "location", key: "location", type: "address", label: "Where is it?" }),
          input({ id: "photo", key: "photo", type: "file", label: "A photo of it", multiple: false }),
          input({ id: "link", key: "link", type: "url", label: "A link with more about it" }),
        ],
      },
      {
        id: "you",
        title: "About you",
        navigation: { nextSlideId: null },
        components: [
          {
            id: "aboutYou",
            key: "aboutYou",
            type: "panel",
            input: false,
            label: "How we can reach you",
            components: [
              input({ id: "name", key: "name", type: "textfield", label: "Your name" }),
              input({ id: "email", key: "email", type: "email", label: "Your email address" }),
              input({ id: "phone", key: "phone", type: "phoneNumber", label: "Your phone number" }),
            ],
          },
          {
            id: "permission",
            key: "permission",
            type: "well",
            input: false,
            components: [
              input({ id: "signature", key: "signature", type: "signature", label: "Sign here if we may quote you" }),
              input({ id: "mayContact", key: "mayContact", type: "checkbox", label: "A reporter may contact me" }),
            ],
          },
        ],
      },
    ],
  };
}

function electionForm(): FormSchemaInput {
  return {
    slides: [
      {
        id: "questions",
        title: "Your questions",
        navigation: { nextSlideId: null },
        components: [
          input({
            id: "topic",
            key: "topic",
            type: "radio",
            label: "Which topic matters most to you?",
            values: [
              option("housing", "Housing"),
              option("transport", "Transport"),
              option("schools", "Schools"),
              option("health", "Health"),
              option("climate", "Climate"),
            ],
            validate: { required: true },
          }),
          input({ id: "question", key: "question", type: "textarea", label: "What would you ask the candidates?" }),
          input({ id: "voted", key: "voted", type: "checkbox", label: "I voted at the last local election" }),
        ],
      },
    ],
  };
}

function variant(title: string, excerpt: string, intro: string, slides: string[]): CreateCallout["variants"] {
  return {
    default: {
      title,
      excerpt,
      intro,
      thanksTitle: "Thank you",
      thanksText: "<p>Thank you for telling us. A reporter may be in touch.</p>",
      slideNavigation: Object.fromEntries(
        slides.map((id) => [id, { prevText: "Back", nextText: "Next", submitText: "Send" }]),
      ),
      componentText: {},
    },
  };
}

/** A point within `SAMPLE_CITY_RADIUS_KM` (less a margin) of the city's centre, spread evenly over the disc. */
function pointNearCity(random: Random): { lat: number; lng: number } {
  const [lng, lat] = SAMPLE_CITY_CENTER;
  const distanceKm = Math.sqrt(random()) * (SAMPLE_CITY_RADIUS_KM - 0.5);
  const angle = random() * 2 * Math.PI;
  const kmPerDegreeLat = 111.32;
  const kmPerDegreeLng = kmPerDegreeLat * Math.cos((lat * Math.PI) / 180);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    lat: round(lat + (distanceKm * Math.sin(angle)) / kmPerDegreeLat),
    lng: round(lng + (distanceKm * Math.cos(angle)) / kmPerDegreeLng),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Times spread over `[from, to)`, oldest first. */
function spreadTimes(random: Random, count: number, from: number, to: number): Date[] {
  return Array.from({ length: count }, () => from + Math.floor(random() * (to - from)))
    .sort((a, b) => a - b)
    .map((time) => new Date(time));
}

interface Respondent {
  contactId: string | null;
  name: string;
  email: string;
}

/**
 * Who sends each answer: `members` contacts once each (the callout takes one
 * answer per person), spread over the answers; readers without an account the rest.
 */
function respondents(random: Random, people: readonly SamplePerson[], count: number, members: number): Respondent[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const step = Math.max(1, Math.floor(count / members));
  return Array.from({ length: count }, (_, index) => {
    const person = index % step === 0 && index / step < members ? people[index / step] : undefined;
    if (person) {
      return { contactId: person.id, name: `${person.firstname} ${person.lastname}`, email: person.email };
    }
    const first = pick(GUEST_FIRST);
    const last = pick(GUEST_LAST);
    return {
      contactId: null,
      name: `${first} ${last}`,
      email: `${first}.${last}.reader${index}@${SAMPLE_DATA_EMAIL_DOMAIN}`.toLowerCase(),
    };
  });
}

interface PreparedCallout {
  input: CreateCallout;
  rows: (calloutId: string) => SampleCalloutRows;
}

interface PreparedFile {
  id: string;
  key: string;
  bytes: Buffer;
}

/** The open callout: answers of every kind around Bristol, sorted into buckets, tagged, assigned and discussed. */
async function prepareOpenCallout(
  ctx: AppContext,
  random: Random,
  people: readonly SamplePerson[],
  files: PreparedFile[],
): Promise<PreparedCallout> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = ctx.clock.now().getTime();
  const starts = now - 30 * ONE_DAY;
  const pictures = await sampleStreetPictures(random);
  const signatures = await sampleSignatures(random, 4);
  const reviewers = people.slice(0, 3);
  const count = SAMPLE_OPEN_CALLOUT_RESPONSES;
  const times = spreadTimes(random, count, starts + ONE_HOUR, now - ONE_HOUR);
  const who = respondents(random, people.slice(reviewers.length), count, 40);

  const answers: CalloutAnswers[] = [];
  /** The picture each answer with one shows, by the answer's index. */
  const photos = new Map<number, { id: string; key: string; name: string; size: number }>();
  for (let index = 0; index < count; index++) {
    const concern = pick(CONCERNS).value;
    const area = pick(AREAS);
    const travel = Object.fromEntries(TRAVEL.map(({ value }) => [value, random() < 0.35]));
    if (!Object.values(travel).includes(true)) travel.walk = true;
    const point = pointNearCity(random);
    const street = pick(STREETS);
    const respondent = who[index]!;
    const givesDetails = respondent.contactId !== null || random() < 0.5;
    let photo: { url: string; name: string; size: number; storage: string } | undefined;
    if (index % 4 === 1) {
      const id = ctx.newId();
      const bytes = pick(pictures);
      const name = `street-${index + 1}.jpg`;
      files.push({ id, key: storedFileKey(id), bytes });
      photos.set(index, { id, key: storedFileKey(id), name, size: bytes.length });
      photo = { url: storedFileUrl(ctx, id, name), name, size: bytes.length, storage: "url" };
    }
    answers.push({
      street: {
        concern,
        area: area.value,
        travel,
        ...(random() < 0.85 ? { yearsHere: Math.floor(random() * 40) } : {}),
        ...(random() < 0.7 ? { weeklySpend: Math.round(random() * 8000) / 100 } : {}),
        noticed: isoDay(new Date(times[index]!.getTime() - Math.floor(random() * 400) * ONE_DAY)),
        worstTime: `${String(Math.floor(random() * 24)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`,
        localResident: random() < 0.8,
      },
      story: {
        headline: `${pick(HEADLINES[concern]!)} on ${street}`,
        story: `${pick(STORY_OPENINGS)} ${pick(STORY_ENDINGS)}`,
        location: {
          formatted_address: `${1 + Math.floor(random() * 180)} ${street}, ${area.label}, Bristol`,
          geometry: { location: point },
        },
        ...(photo ? { photo: [photo] } : {}),
        ...(index % 6 === 0 ? { link: `https://example.org/street-stories/${index + 1}` } : {}),
      },
      you: givesDetails
        ? {
            name: respondent.name,
            email: respondent.email,
            ...(random() < 0.5 ? { phone: `+44 7700 900${String(index).padStart(3, "0")}` } : {}),
            ...(index % 3 === 0 ? { signature: pick(signatures) } : {}),
            mayContact: random() < 0.6,
          }
        : { mayContact: false },
    });
  }

  return {
    input: createCalloutSchema.parse({
      image: "",
      starts: new Date(starts).toISOString(),
      expires: null,
      allowUpdate: false,
      allowMultiple: false,
      hidden: false,
      access: "anonymous",
      captcha: "none",
      formSchema: streetStoriesForm(ctx.config.currencyCode),
      variants: variant(
        "Sample: What is changing on your street?",
        "Traffic, rents, noise, green space: tell our reporters what you see where you live.",
        "<p>This is a sample callout with made-up answers, so you can try the inbox, the map and the gallery.</p>",
        ["street", "story", "you"],
      ),
      responseViewSchema: {
        buckets: ["verified"],
        titleProp: "story.headline",
        imageProp: "story.photo",
        imageFilter: "",
        links: [],
        gallery: true,
        map: {
          style: "",
          center: [...SAMPLE_CITY_CENTER],
          bounds: [
            [SAMPLE_CITY_CENTER[0] - 0.2, SAMPLE_CITY_CENTER[1] - 0.12],
            [SAMPLE_CITY_CENTER[0] + 0.2, SAMPLE_CITY_CENTER[1] + 0.12],
          ],
          minZoom: 10,
          maxZoom: 18,
          initialZoom: 12,
          addressProp: "story.location",
          addressPattern: "",
          addressPatternProp: "",
          geocodeCountries: "gb",
        },
      },
    }),
    rows: (calloutId) => {
      const created = new Date(starts);
      const tags = CALLOUT_TAGS.map((name) => ({
        id: ctx.newId(),
        calloutId,
        name,
        description: "",
        createdAt: created,
      }));
      const rows: SampleCalloutRows = {
        reviewers: reviewers.map((person) => ({
          id: ctx.newId(),
          calloutId,
          contactId: person.id,
          createdAt: created,
        })),
        tags,
        responses: [],
        responseTags: [],
        comments: [],
        files: [],
      };
      for (let index = 0; index < count; index++) {
        const id = ctx.newId();
        const createdAt = times[index]!;
        const roll = random();
        rows.responses.push({
          id,
          calloutId,
          number: index + 1,
          contactId: who[index]!.contactId,
          answers: answers[index]!,
          bucket: roll < 0.5 ? "verified" : roll < 0.9 ? "" : "trash",
          assigneeId: random() < 0.3 ? pick(reviewers).id : null,
          createdAt,
          updatedAt: createdAt,
        });
        const tagged = new Set<string>();
        if (random() < 0.4) tagged.add(pick(tags).id);
        if (random() < 0.15) tagged.add(pick(tags).id);
        for (const tagId of tagged) rows.responseTags.push({ responseId: id, tagId, createdAt });
        const comments = random() < 0.2 ? 1 + Math.floor(random() * 2) : 0;
        for (let comment = 0; comment < comments; comment++) {
          const at = new Date(Math.min(now, createdAt.getTime() + (comment + 1) * 3 * ONE_HOUR));
          rows.comments.push({
            id: ctx.newId(),
            responseId: id,
            contactId: pick(reviewers).id,
            text: sanitizeRichText(pick(COMMENTS)),
            createdAt: at,
            updatedAt: at,
          });
        }
        const file = photos.get(index);
        if (file) {
          rows.files.push({
            id: file.id,
            storageKey: file.key,
            contentType: "image/jpeg",
            name: file.name,
            size: file.size,
            createdAt,
            responseId: id,
            answerSlideId: "story",
            answerKey: "photo",
          });
        }
      }
      return rows;
    },
  };
}

/** The ended callout: a few dozen plain answers, some already sorted. */
function prepareEndedCallout(ctx: AppContext, random: Random, people: readonly SamplePerson[]): PreparedCallout {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = ctx.clock.now().getTime();
  const starts = now - 150 * ONE_DAY;
  const expires = now - 90 * ONE_DAY;
  const count = SAMPLE_ENDED_CALLOUT_RESPONSES;
  const times = spreadTimes(random, count, starts + ONE_HOUR, expires - ONE_HOUR);
  const who = respondents(random, people.slice(3), count, 8);
  const questions = [
    "How will you make rents affordable?",
    "When will the buses run on time?",
    "Will you keep our library open?",
    "What is your plan for cleaner air?",
    "How will you cut waiting lists at the surgery?",
  ];
  return {
    input: createCalloutSchema.parse({
      image: "",
      starts: new Date(starts).toISOString(),
      expires: new Date(expires).toISOString(),
      allowUpdate: false,
      allowMultiple: false,
      hidden: false,
      access: "anonymous",
      captcha: "none",
      formSchema: electionForm(),
      variants: variant(
        "Sample: Your questions for the candidates",
        "Before the local election we asked readers what they wanted to know.",
        "<p>This is a sample callout that has ended, with made-up answers.</p>",
        ["questions"],
      ),
      responseViewSchema: null,
    }),
    rows: (calloutId) => ({
      reviewers: [],
      tags: [],
      responseTags: [],
      comments: [],
      files: [],
      responses: times.map((createdAt, index) => ({
        id: ctx.newId(),
        calloutId,
        number: index + 1,
        contactId: who[index]!.contactId,
        answers: {
          questions: {
            topic: pick(["housing", "transport", "schools", "health", "climate"]),
            question: pick(questions),
            voted: random() < 0.7,
          },
        },
        bucket: random() < 0.6 ? "verified" : "",
        assigneeId: null,
        createdAt,
        updatedAt: createdAt,
      })),
    }),
  };
}

export interface SampleCallouts {
  /** Keeps the answers' pictures in the storage provider, like any upload. */
  storeFiles(): Promise<void>;
  /** Deletes those pictures again, when the rows could not be written. */
  deleteFiles(): Promise<void>;
  /** Makes the two callouts and writes what they hold; `ctx.db` is the loader's transaction. */
  insert(ctx: AppContext): Promise<void>;
}

/**
 * The two sample callouts with their answers, the answers' pictures, tags,
 * reviewers and comments, ready to be written.
 */
export async function prepareSampleCallouts(
  ctx: AppContext,
  random: Random,
  people: readonly SamplePerson[],
): Promise<SampleCallouts> {
  const files: PreparedFile[] = [];
  const prepared = [await prepareOpenCallout(ctx, random, people, files), prepareEndedCallout(ctx, random, people)];
  return {
    storeFiles: async () => {
      for (const file of files) await ctx.storage.put(file.key, file.bytes, "image/jpeg");
    },
    deleteFiles: () =>
      deleteStoredFiles(
        ctx,
        files.map((file) => file.key),
      ),
    insert: async (txCtx) => {
      for (const callout of prepared) {
        const { id } = await createCallout(txCtx, callout.input);
        await insertSampleCalloutRows(txCtx, id, callout.rows(id));
      }
    },
  };
}

/**
 * Marks a callout as sample data and writes what it holds, each part through the module that
 * owns it (decision 083): its numbered responses (the callout numbers new ones after them),
 * reviewers, tags, comments and the records of the answers' files.
 */
async function insertSampleCalloutRows(ctx: AppContext, calloutId: string, rows: SampleCalloutRows): Promise<void> {
  await markSampleCallout(ctx.db, calloutId);
  await setLastResponseNumber(ctx, calloutId, rows.responses.length);
  await insertReviewers(ctx, rows.reviewers);
  await insertSampleAnswers(ctx, rows);
  await insertFileRecords(ctx, rows.files);
}
