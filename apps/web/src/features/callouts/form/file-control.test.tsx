import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import { i18n } from "../../../app/i18n/i18n";
import { jsonResponse, requestUrl } from "../../../test/json-response";
import { CalloutFormRenderer } from ".";
import { fileForm } from "../../../test/callout-forms";

/** Stands in for the browser's XMLHttpRequest; the test moves each upload along. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  readonly headers: Record<string, string> = {};
  url = "";
  method = "";
  body: FormData | undefined;
  status = 0;
  responseText = "";

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.events.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded, total, lengthComputable: true }));
  }
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}

const fetchMock = vi.fn<typeof fetch>();

function renderFileForm() {
  const onSubmit = vi.fn<(answers: CalloutAnswers) => void>();
  render(
    <I18nextProvider i18n={i18n}>
      <CalloutFormRenderer form={fileForm} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  return onSubmit;
}

describe("file component", () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).endsWith("/api/1.0/upload") ? jsonResponse(200, { id: "token-1" }) : jsonResponse(404, {}),
      ),
    );
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("uploads a chosen file with a progress bar, then keeps its address as the answer", async () => {
    const onSubmit = renderFileForm();
    const photo = new File(["pixels"], "photo.png", { type: "image/png" });
    await userEvent.upload(await screen.findByLabelText(/Your photo/), photo);

    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const upload = FakeUpload.sent[0]!;
    expect(upload.method).toBe("POST");
    expect(upload.url).toBe("/upload/?token=token-1");
    expect(upload.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(upload.body?.get("file")).toBe(photo);
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();

    upload.progress(3, 6);
    const bar = await screen.findByRole("progressbar", { name: "photo.png" });
    await vi.waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "50"));
    expect(screen.getByText("Uploading photo.png: 50 %")).toBeInTheDocument();

    upload.finish(200, { url: "/uploads/4f2a.png" });
    const link = await screen.findByRole("link", { name: "photo.png" });
    expect(link).toHaveAttribute("href", "/uploads/4f2a.png");
    expect(screen.queryByRole("progressbar", { name: "photo.png" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledWith({
      photos: { photo: [{ url: "/uploads/4f2a.png", name: "photo.png", size: 6, storage: "cohort" }] },
    });
  });

  it("refuses a file of 20 MB or more before sending anything", async () => {
    renderFileForm();
    const video = new File(["x"], "video.mov", { type: "video/quicktime" });
    Object.defineProperty(video, "size", { value: 20_971_520 });
    await userEvent.upload(await screen.findByLabelText(/Your photo/), video);

    expect(await screen.findByText("Upload failed: the file size must be under 20Mb")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it("says so when the server refuses the file, and lets the person remove an uploaded one", async () => {
    renderFileForm();
    await userEvent.upload(await screen.findByLabelText(/Your photo/), new File(["a"], "a.png", { type: "image/png" }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    FakeUpload.sent[0]!.finish(429, { code: "RATE_LIMIT_EXCEEDED", message: "Too many upload requests" });
    expect(await screen.findByText(/wait a few minutes/)).toBeInTheDocument();

    await userEvent.upload(await screen.findByLabelText(/Your photo/), new File(["b"], "b.png", { type: "image/png" }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    FakeUpload.sent[1]!.finish(200, { url: "/uploads/b.png" });
    const item = (await screen.findByRole("link", { name: "b.png" })).closest("li")!;
    await userEvent.click(within(item).getByRole("button", { name: "Remove b.png" }));
    expect(screen.queryByRole("link", { name: "b.png" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
  });
});
