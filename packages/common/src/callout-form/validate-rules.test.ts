import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ComponentType, FormComponent } from "./model.js";
import { validateAnswer } from "./validate.js";
import { countWords, isEmail, isGeoPoint, isPhoneNumber, isUrl } from "./validate-rules.js";

const now = new Date("2026-05-17T14:35:22Z");
const options = { now };

function component(type: ComponentType, extra: Partial<FormComponent> = {}): FormComponent {
  return { id: type, key: type, type, input: true, ...extra };
}

const code = (target: FormComponent, answer: unknown) => validateAnswer(target, answer, options)?.code ?? null;

const colours = [
  { label: "Red", value: "red" },
  { label: "Blue", value: "blue" },
];

describe("checkbox", () => {
  it("takes a boolean, and must be ticked when required", () => {
    expect(code(component("checkbox"), true)).toBeNull();
    expect(code(component("checkbox"), false)).toBeNull();
    expect(code(component("checkbox"), "true")).toBe("invalid");
    expect(code(component("checkbox", { validate: { required: true } }), false)).toBe("required");
    expect(code(component("checkbox", { validate: { required: true } }), true)).toBeNull();
  });
});

describe("number", () => {
  it("passes any integer within [min, max] and fails outside, with limits written as text too", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer(),
        (min, span, value) => {
          const max = min + span;
          for (const validate of [
            { min, max },
            { min: String(min), max: `${max}` },
          ]) {
            const expected = value < min ? "min" : value > max ? "max" : null;
            expect(code(component("number", { validate }), value)).toBe(expected);
          }
        },
      ),
    );
  });

  it("reports the limit it breaks", () => {
    expect(validateAnswer(component("number", { validate: { min: "2" } }), 1, options)).toEqual({
      code: "min",
      params: { min: 2 },
    });
  });

  it("refuses what is not a finite number, and fractions when integer is set", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, "3", true, {}]) {
      expect(code(component("number"), value)).toBe("invalid");
    }
    expect(code(component("number", { validate: { integer: true } }), 2.5)).toBe("integer");
    expect(code(component("number", { validate: { integer: true } }), 2)).toBeNull();
    expect(code(component("number", { validate: { min: "", max: "abc" } }), -5)).toBeNull();
  });
});

describe("currency", () => {
  it("passes n/100 for any whole n ≥ 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        expect(code(component("currency"), n / 100)).toBeNull();
      }),
    );
  });

  it("fails negative amounts", () => {
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(code(component("currency"), value)).toBe("min");
      }),
    );
  });

  it("fails amounts with a third decimal", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 9 }), (n, digit) => {
        expect(code(component("currency"), (n * 10 + digit) / 1000)).toBe("decimals");
      }),
    );
  });

  it("judges decimals on the value, not its written form", () => {
    expect(code(component("currency"), 1e-7)).toBe("decimals");
    expect(code(component("currency"), 0.29)).toBeNull();
    expect(code(component("currency"), 1.1 + 2.2)).toBeNull();
    expect(code(component("currency"), 1e21)).toBeNull();
  });
});

describe("text", () => {
  it("keeps the length within [minLength, maxLength]", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.nat(20), fc.nat(20), (value, min, span) => {
        fc.pre(value.trim() !== "");
        const max = min + span;
        const expected = value.length < min ? "minLength" : value.length > max ? "maxLength" : null;
        expect(code(component("textarea", { validate: { minLength: min, maxLength: max } }), value)).toBe(expected);
      }),
    );
  });

  it("counts words split on runs of white space", () => {
    const word = fc.stringMatching(/^[a-zà-ÿ0-9]{1,8}$/);
    const gap = fc.constantFrom(" ", "  ", "\n", "\t ", " \u00a0");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 12 }),
        fc.nat(12),
        fc.nat(12),
        (parts, min, span) => {
          const text = parts.map(([piece, space]) => piece + space).join("");
          expect(countWords(text)).toBe(parts.length);
          const max = min + span;
          const expected = parts.length < min ? "minWords" : parts.length > max ? "maxWords" : null;
          expect(code(component("textfield", { validate: { minWords: min, maxWords: max } }), text)).toBe(expected);
        },
      ),
    );
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
  });

  it("matches a pattern against the whole value", () => {
    const postcode = component("textfield", { validate: { pattern: "[0-9]{5}" } });
    expect(code(postcode, "12345")).toBeNull();
    expect(code(postcode, "x12345")).toBe("pattern");
    expect(code(postcode, "123456")).toBe("pattern");
    expect(code(component("textfield", { validate: { pattern: "a|b" } }), "ab")).toBe("pattern");
    expect(code(component("textfield", { validate: { pattern: "(" } }), "anything")).toBeNull();
  });

  it("applies no length or word rule to an empty optional answer", () => {
    const rules = { minLength: 3, minWords: 2, pattern: "x+" };
    expect(code(component("textfield", { validate: rules }), "")).toBeNull();
    expect(code(component("textfield", { validate: { ...rules, required: true } }), "")).toBe("required");
    expect(code(component("textfield"), 3)).toBe("invalid");
  });
});

describe("email", () => {
  const emails = fc
    .tuple(
      fc.stringMatching(/^[a-z0-9._+-]{1,12}$/),
      fc.stringMatching(/^[a-z0-9-]{1,12}$/),
      fc.stringMatching(/^[a-z]{2,6}$/),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

  it("passes well-formed addresses and fails any text without an @", () => {
    fc.assert(
      fc.property(emails, (email) => {
        expect(code(component("email"), email)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        fc.pre(!text.includes("@") && text.trim() !== "");
        expect(code(component("email"), text)).toBe("email");
      }),
    );
  });

  it("fails spaces, a second @ and domains without a dot between text", () => {
    for (const value of ["a b@x.org", "a@b@x.org", "a@xorg", "a@.org", "a@x.", "@x.org"]) {
      expect(isEmail(value), value).toBe(false);
    }
    expect(code(component("email", { validate: { maxLength: 5 } }), "ab@x.org")).toBe("maxLength");
  });
});

describe("url", () => {
  const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,10}$/);
  const urls = fc
    .record({
      scheme: fc.constantFrom("http", "https", "HTTPS"),
      labels: fc.array(label, { minLength: 1, maxLength: 3 }),
      tld: fc.stringMatching(/^[a-zA-Z]{2,6}$/),
      port: fc.option(
        fc.integer({ min: 1, max: 65535 }).map((port) => `:${port}`),
        { nil: "" },
      ),
      path: fc.option(fc.stringMatching(/^(\/[a-zA-Z0-9._~-]{0,8}){1,3}$/), { nil: "" }),
      query: fc.option(fc.stringMatching(/^\?[a-z0-9]{1,5}=[a-z0-9]{0,5}(&[a-z]{1,5}=[0-9]{1,3})?$/), { nil: "" }),
    })
    .map(
      ({ scheme, labels, tld, port, path, query }) => `${scheme}://${labels.join(".")}.${tld}${port}${path}${query}`,
    );

  it("passes any address built from valid parts", () => {
    fc.assert(
      fc.property(urls, (url) => {
        expect(code(component("url"), url)).toBeNull();
      }),
    );
  });

  it("fails addresses without a scheme, with empty labels or with spaces", () => {
    for (const value of [
      "beabee.io",
      "https://beabee..io",
      "https://bea bee.io",
      "ftp://beabee.io",
      "https://beabee.i",
    ]) {
      expect(code(component("url"), value), value).toBe("url");
    }
    fc.assert(
      fc.property(urls, fc.nat(), (url, at) => {
        const position = at % (url.length + 1);
        expect(isUrl(url.slice(0, position) + " " + url.slice(position))).toBe(false);
      }),
    );
    expect(isUrl("https://example.org/a/b?x=1&y=2#part")).toBe(true);
    expect(isUrl("https://example.toolong")).toBe(false);
  });
});

describe("phone number", () => {
  it("passes 5 to 15 digits with an optional leading +, in any grouping", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9]{5,15}$/), (phone) => {
        expect(code(component("phoneNumber"), phone)).toBeNull();
      }),
    );
    expect(isPhoneNumber("+44 (20) 7946-0958")).toBe(true);
    expect(isPhoneNumber("030.1234.5678")).toBe(true);
  });

  it("fails letters, too few or too many digits and a + elsewhere", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\+?[0-9]{5,15}$/),
        fc.stringMatching(/^[a-zA-Z]$/),
        fc.nat(),
        (phone, letter, at) => {
          const position = at % (phone.length + 1);
          expect(code(component("phoneNumber"), phone.slice(0, position) + letter + phone.slice(position))).toBe(
            "phone",
          );
        },
      ),
    );
    for (const value of ["1234", "+1234", "1234567890123456", "12+3456"]) {
      expect(isPhoneNumber(value), value).toBe(false);
    }
  });
});

describe("options", () => {
  it("takes a select or radio value only from its options", () => {
    fc.assert(
      fc.property(fc.constantFrom("red", "blue"), fc.string(), (value, other) => {
        expect(code(component("select", { data: { values: colours } }), value)).toBeNull();
        expect(code(component("radio", { values: colours }), value)).toBeNull();
        fc.pre(other !== "red" && other !== "blue" && other.trim() !== "");
        expect(code(component("radio", { values: colours }), other)).toBe("option");
      }),
    );
  });

  it("takes selectboxes as flags of known options, and fails any extra key", () => {
    const boxes = component("selectboxes", { values: colours });
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.string(), (red, blue, extra) => {
        expect(code(boxes, { red, blue })).toBeNull();
        fc.pre(extra !== "red" && extra !== "blue");
        expect(code(boxes, { red, [extra]: true })).toBe("option");
      }),
    );
    expect(code(boxes, { red: "yes" })).toBe("invalid");
    expect(code(boxes, "red")).toBe("invalid");
    const required = component("selectboxes", { values: colours, validate: { required: true } });
    expect(code(required, { red: false, blue: false })).toBe("required");
    expect(code(required, {})).toBe("required");
    expect(code(required, { blue: true })).toBeNull();
  });
});

describe("datetime", () => {
  const second = 1000;
  const instant = fc.integer({ min: 0, max: 4e9 }).map((seconds) => new Date(seconds * second).toISOString());

  it("passes dates within the bounds and fails the others", () => {
    fc.assert(
      fc.property(instant, instant, instant, (a, b, value) => {
        const [minDate, maxDate] = a < b ? [a, b] : [b, a];
        const expected = value < minDate ? "minDate" : value > maxDate ? "maxDate" : null;
        expect(code(component("datetime", { widget: { minDate, maxDate } }), value)).toBe(expected);
      }),
    );
  });

  it("reads relative bounds against now and lets a day bound cover its whole day", () => {
    const lastWeek = component("datetime", { widget: { minDate: "$now(d:-7)", maxDate: "$now" } });
    expect(code(lastWeek, "2026-05-10T00:00:00Z")).toBeNull();
    expect(code(lastWeek, "2026-05-09T23:59:59+00:00")).toBe("minDate");
    expect(code(lastWeek, "2026-05-17T23:59:59Z")).toBeNull();
    expect(code(lastWeek, "2026-05-18T01:30:00+02:00")).toBeNull();
    expect(validateAnswer(lastWeek, "2026-05-18T00:00:00Z", options)).toEqual({
      code: "maxDate",
      params: { max: "2026-05-17" },
    });
    const hourly = component("datetime", { widget: { minDate: "$now(h:1)" } });
    expect(validateAnswer(hourly, "2026-05-17T14:59:00Z", options)).toEqual({
      code: "minDate",
      params: { min: "2026-05-17T15:00:00.000Z" },
    });
  });

  it("takes ISO dates and $now tokens only", () => {
    expect(code(component("datetime"), "2024-02-02T13:02:00+01:00")).toBeNull();
    expect(code(component("datetime"), "$now(d:1)")).toBeNull();
    for (const value of ["yesterday", "2024-02-30T10:00:00+01:00", "2024-01-01T24:00:00Z", 1700000000000]) {
      expect(code(component("datetime"), value), String(value)).toBe("invalid");
    }
    expect(code(component("datetime", { widget: { minDate: "soon" } }), "2024-01-01")).toBeNull();
  });
});

describe("address, file, signature and time", () => {
  it("checks the location of an address", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          expect(
            code(component("address"), { formatted_address: "Here", geometry: { location: { lat, lng } } }),
          ).toBeNull();
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 90, noNaN: true, minExcluded: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          expect(isGeoPoint(lat, lng)).toBe(false);
          expect(isGeoPoint(-lat, lng)).toBe(false);
          expect(isGeoPoint(lng / 2, lat * 2)).toBe(false);
        },
      ),
    );
    expect(code(component("address"), { formatted_address: "1 High Street" })).toBeNull();
    expect(code(component("address"), { geometry: { location: { lat: 1, lng: 2 } } })).toBe("invalid");
    expect(code(component("address"), { formatted_address: "x", geometry: { location: { lat: "1", lng: 2 } } })).toBe(
      "invalid",
    );
  });

  it("takes files as objects with an http(s) or uploads url", () => {
    const file = component("file");
    expect(code(file, [{ url: "https://cdn.example.org/a.png?sig=x%20y", name: "a.png" }])).toBeNull();
    expect(code(file, { url: "/uploads/abc/photo.jpg" })).toBeNull();
    expect(code(component("file", { multiple: true }), { url: "/uploads/a.jpg" })).toBe("invalid");
    for (const url of ["javascript:alert(1)", "/etc/passwd", "https://", "data:image/png;base64,AAAA"]) {
      expect(code(file, [{ url }]), url).toBe("invalid");
    }
    expect(code(file, ["https://example.org/a.png"])).toBe("invalid");
  });

  it("takes a PNG data URL under 1 MB as a signature", () => {
    expect(code(component("signature"), "data:image/png;base64,iVBORw0KGgo=")).toBeNull();
    expect(code(component("signature"), "data:image/svg+xml;base64,PHN2Zz4=")).toBe("invalid");
    expect(code(component("signature"), `data:image/png;base64,${"A".repeat(1024 * 1024)}`)).toBe("invalid");
  });

  it("takes a time as HH:MM or HH:MM:SS", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hour, minute) => {
        const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
        expect(code(component("time"), time)).toBeNull();
        expect(code(component("time"), `${time}:59`)).toBeNull();
      }),
    );
    for (const value of ["24:00", "12:60", "7:30", "12:30:60", "noon"]) {
      expect(code(component("time"), value), value).toBe("invalid");
    }
  });
});
