import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Inbox, Plus, Save, Trash2 } from "lucide-react";
import { notifications, notificationVariants } from "../../../app/notifications/notification-store";
import { Alert, type AlertVariant } from "../../../ui/alert";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { Button, type ButtonVariant } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { CheckboxField } from "../../../ui/checkbox-field";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { CopyField } from "../../../ui/copy-field";
import { Dialog } from "../../../ui/dialog";
import { EmptyState } from "../../../ui/empty-state";
import { Pagination } from "../../../ui/pagination";
import { ProgressBar } from "../../../ui/progress-bar";
import { ProgressMeter } from "../../../ui/progress-meter";
import { SearchBox } from "../../../ui/search-box";
import { SelectField } from "../../../ui/select-field";
import { Skeleton } from "../../../ui/skeleton";
import { Spinner } from "../../../ui/spinner";
import { TabLinks } from "../../../ui/tab-links";
import { cellClass, headerCellClass, SortableHeader, Table, type SortDirection } from "../../../ui/table";
import { TextField } from "../../../ui/text-field";
import { TextareaField } from "../../../ui/textarea-field";

const buttonVariants: readonly ButtonVariant[] = ["primary", "secondary", "ghost", "danger"];
const badgeTones: readonly BadgeTone[] = ["neutral", "primary", "link", "success", "warning", "danger"];
const alertVariants: readonly AlertVariant[] = ["info", "success", "warning", "error"];
const rows = [
  { name: "Ada Lovelace", status: "success", amount: 12 },
  { name: "Grace Hopper", status: "warning", amount: 5 },
  { name: "Katherine Johnson", status: "danger", amount: 30 },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`toolkit-${id}`} className="space-y-4">
      <h2 id={`toolkit-${id}`} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The toolkit's texts: `k` reads under `adminUiToolkit`. */
function useToolkitText() {
  const { t } = useTranslation();
  return { t, k: (key: string) => t(`adminUiToolkit.${key}`) };
}

/**
 * Every component of the UI kit in its states, for designers and for visual
 * checks: when the theme or a component changes, this page shows it all at once.
 */
export function UiToolkitPage() {
  const { k } = useToolkitText();
  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{k("title")}</h1>
        <p className="max-w-prose text-body/75">{k("intro")}</p>
      </header>
      <ButtonSamples />
      <FieldSamples />
      <DialogSamples />
      <TableSamples />
      <BadgeSamples />
      <TabSamples />
      <LoadingSamples />
    </div>
  );
}

/** The buttons in each variant, size and state. */
function ButtonSamples() {
  const { k } = useToolkitText();
  return (
    <Section id="buttons" title={k("sections.buttons")}>
      <div className="space-y-3">
        {buttonVariants.map((variant) => (
          <div key={variant} className="flex flex-wrap items-center gap-3">
            <Button variant={variant}>{k(`states.${variant}`)}</Button>
            <Button variant={variant} size="sm">
              {k("states.small")}
            </Button>
            <Button variant={variant} icon={<Plus aria-hidden className="size-4" />}>
              {k("states.withIcon")}
            </Button>
            <Button variant={variant} disabled>
              {k("states.disabled")}
            </Button>
            <Button variant={variant} isLoading>
              {k("states.loading")}
            </Button>
          </div>
        ))}
        <Button isFullWidth icon={<Save aria-hidden className="size-4" />}>
          {k("states.fullWidth")}
        </Button>
      </div>
    </Section>
  );
}

/** The form fields, with hints, errors and disabled. */
function FieldSamples() {
  const { t, k } = useToolkitText();
  const [search, setSearch] = useState("");
  return (
    <Section id="fields" title={k("sections.fields")}>
      <div className="grid gap-6 md:grid-cols-2">
        <TextField label={k("samples.name")} hint={k("samples.hint")} defaultValue="Ada Lovelace" />
        <TextField label={k("samples.email")} type="email" defaultValue="ada@" error={k("samples.error")} />
        <TextField label={k("states.disabled")} defaultValue="Ada Lovelace" disabled />
        <SelectField label={k("samples.choice")} error={k("samples.error")} defaultValue="">
          <option value="">{k("samples.choose")}</option>
          <option value="monthly">{k("samples.monthly")}</option>
        </SelectField>
        <TextareaField label={k("samples.message")} hint={k("samples.hint")} rows={3} />
        <div className="space-y-4">
          <CheckboxField label={k("samples.agree")} description={k("samples.hint")} defaultChecked />
          <CheckboxField label={k("samples.agree")} error={k("samples.error")} />
        </div>
        <CopyField label={t("callouts.share.link")} value="https://news.example.org/callouts/flooded-streets" />
        <SearchBox
          label={k("samples.search")}
          placeholder={k("samples.search")}
          clearLabel={t("common.close")}
          value={search}
          onSearch={setSearch}
        />
      </div>
    </Section>
  );
}

/** A dialog and a confirmation, opened from buttons. */
function DialogSamples() {
  const { t, k } = useToolkitText();
  const [dialog, setDialog] = useState<"none" | "dialog" | "confirm">("none");
  return (
    <Section id="dialogs" title={k("sections.dialogs")}>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setDialog("dialog")}>
          {k("samples.openDialog")}
        </Button>
        <Button variant="danger" icon={<Trash2 aria-hidden className="size-4" />} onClick={() => setDialog("confirm")}>
          {k("samples.openConfirm")}
        </Button>
      </div>
      <Dialog
        isOpen={dialog === "dialog"}
        onClose={() => setDialog("none")}
        title={k("samples.dialogTitle")}
        description={k("samples.dialogText")}
        closeLabel={t("common.close")}
        footer={<Button onClick={() => setDialog("none")}>{t("common.save")}</Button>}
      >
        <TextField label={k("samples.name")} />
      </Dialog>
      <ConfirmDialog
        isOpen={dialog === "confirm"}
        title={k("samples.confirmTitle")}
        description={k("samples.dialogText")}
        confirmLabel={k("samples.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        variant="danger"
        onConfirm={() => setDialog("none")}
        onClose={() => setDialog("none")}
      />
    </Section>
  );
}

/** A sortable table with pages, and an empty state. */
function TableSamples() {
  const { t, k } = useToolkitText();
  const [sort, setSort] = useState<SortDirection>("ascending");
  const [page, setPage] = useState(2);
  const [pageSize, setPageSize] = useState(25);
  const sorted = sort === "ascending" ? rows : [...rows].reverse();
  return (
    <Section id="tables" title={k("sections.tables")}>
      <Card padding="md">
        <Table caption={k("sections.tables")}>
          <thead>
            <tr>
              <SortableHeader
                label={k("samples.name")}
                direction={sort}
                onSort={() => setSort(sort === "ascending" ? "descending" : "ascending")}
              />
              <th className={headerCellClass}>{k("samples.status")}</th>
              <th className={`${headerCellClass} text-right`}>{k("samples.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.name}>
                <td className={cellClass}>{row.name}</td>
                <td className={cellClass}>
                  <Badge tone={row.status}>{k(`tones.${row.status}`)}</Badge>
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>{row.amount}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Pagination
          page={page}
          pageCount={5}
          pageSize={pageSize}
          pageSizes={[25, 50, 100]}
          labels={{
            navigation: k("samples.pages"),
            range: t("adminUiToolkit.samples.range", {
              from: (page - 1) * pageSize + 1,
              to: page * pageSize,
              total: 5 * pageSize,
            }),
            pageSize: k("samples.pageSize"),
            previous: k("samples.previous"),
            next: k("samples.next"),
          }}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      </Card>
      <Card padding="md">
        <EmptyState icon={Inbox} title={k("samples.emptyTitle")} description={k("samples.emptyText")} />
      </Card>
    </Section>
  );
}

/** The badges in each tone, and the alerts in each variant. */
function BadgeSamples() {
  const { k } = useToolkitText();
  return (
    <>
      <Section id="badges" title={k("sections.badges")}>
        <div className="flex flex-wrap gap-2">
          {badgeTones.map((tone) => (
            <Badge key={tone} tone={tone}>
              {k(`tones.${tone}`)}
            </Badge>
          ))}
        </div>
      </Section>

      <Section id="alerts" title={k("sections.alerts")}>
        <div className="space-y-3">
          {alertVariants.map((variant) => (
            <Alert key={variant} variant={variant} title={k(`variants.${variant}`)}>
              {k("samples.alertText")}
            </Alert>
          ))}
        </div>
      </Section>
    </>
  );
}

/** Tab links, and the notifications in each variant. */
function TabSamples() {
  const { k } = useToolkitText();
  return (
    <>
      <Section id="tabs" title={k("sections.tabs")}>
        <TabLinks
          label={k("sections.tabs")}
          tabs={[
            { to: "/admin/ui-toolkit", label: k("samples.currentTab"), end: true },
            { to: "/admin/settings", label: k("samples.otherTab") },
            { to: "/admin/notices", label: k("samples.thirdTab") },
          ]}
        />
      </Section>

      <Section id="notifications" title={k("sections.notifications")}>
        <div className="flex flex-wrap gap-3">
          {notificationVariants.map((variant) => (
            <Button
              key={variant}
              variant="secondary"
              onClick={() =>
                notifications.addToast({
                  title: k(`variants.${variant}`),
                  description: k("samples.alertText"),
                  variant,
                  removeable: true,
                })
              }
            >
              {k(`variants.${variant}`)}
            </Button>
          ))}
          <Button
            variant="ghost"
            onClick={() =>
              notifications.addNotification({ title: k("samples.progressTitle"), variant: "info", removeable: true })
            }
          >
            {k("samples.progressTitle")}
          </Button>
        </div>
      </Section>
    </>
  );
}

/** The spinner, the progress bar and meters, and skeletons. */
function LoadingSamples() {
  const { t, k } = useToolkitText();
  return (
    <Section id="loading" title={k("sections.loading")}>
      <div className="flex flex-wrap items-center gap-6">
        <Spinner label={t("common.loading")} />
        <div className="w-48 text-primary">
          <ProgressBar value={0.6} />
        </div>
        <ProgressMeter
          className="w-64"
          label={t("admin.contacts.import.progressLabel")}
          value={600}
          max={1000}
          valueText={t("admin.contacts.import.progress", { done: "600", total: "1,000" })}
        />
        <ProgressMeter
          className="w-64"
          label={t("admin.contacts.import.checkingLabel")}
          valueText={t("admin.contacts.import.checking", { number: "1,000" })}
        />
        <div className="w-64 space-y-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
    </Section>
  );
}
