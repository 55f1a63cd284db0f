import { describe, expect, it } from "vitest";
import { csvRowCounter } from "./csv-progress";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("csv row counter", () => {
  it("counts data rows, not the header, across chunks that split cells and characters", () => {
    const csv = bytes('Id,Name,Notes\n1,Zoë,"one\nline, two"\n2,"Say ""hi""",\n3,Ülla,x\n');
    const count = csvRowCounter();
    const seen: number[] = [];
    for (let start = 0; start < csv.length; start += 5) seen.push(count(csv.subarray(start, start + 5)));
    expect(seen.at(-1)).toBe(3);
    // Never more than the rows complete so far, and never backwards.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it("counts nothing before the header ends", () => {
    const count = csvRowCounter();
    expect(count(bytes("Id,Name"))).toBe(0);
    expect(count(bytes("\n"))).toBe(0);
    expect(count(bytes("1,A\n"))).toBe(1);
  });
});
