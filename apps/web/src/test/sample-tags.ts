/** Two tags as the tag list returns them. */
export const sampleTags = [
  { id: "0bbe776b-057f-47c4-9d4d-d0c7e94c3ef0", name: "Event attendee", contactCount: 6 },
  { id: "0994f8be-a764-4748-881c-dd28bb281272", name: "Volunteer", contactCount: 7 },
];
