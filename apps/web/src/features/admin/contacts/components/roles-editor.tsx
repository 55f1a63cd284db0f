import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { Contact, RoleType } from "@cohort/common/contacts";
import { mayGrantRole, roleTypes } from "@cohort/common/contacts";
import { useSession } from "../../../../api/session";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import type { RoleFormValues } from "../forms/contact-form-schema";
import { dateInputToIso, isoToDateInput, todayInput } from "../forms/date-input";
import { roleErrorKey } from "../forms/role-errors";
import { useDeleteRole, usePutRole } from "../hooks/use-contact-mutations";
import { useMayManageContact } from "../hooks/use-may-manage-contact";
import { OutrankedNote } from "./outranked-note";
import { RoleDatesForm } from "./role-dates-form";
import { RolePeriod } from "./role-period";
import { RoleStatus } from "./role-status";

type HeldRole = NonNullable<Contact["roles"]>[number];
type Editing = { kind: "add" } | { kind: "edit"; role: RoleType } | null;

/**
 * Adds roles to a contact, moves their dates and takes them away. A role the
 * user may not give (superadmin, for an admin) is neither offered nor changed,
 * and the roles of a contact whose rights exceed the user's (a superadmin, for
 * an admin) are only shown, with a word on why: the server refuses any change to them.
 */
export function RolesEditor({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const session = useSession();
  const activeRoles = session?.activeRoles ?? [];
  const put = usePutRole(contact.id);
  const remove = useDeleteRole(contact.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [toRemove, setToRemove] = useState<RoleType | null>(null);
  const roles = contact.roles ?? [];
  const mayChange = useMayManageContact(contact);
  const mayChangeRole = (role: RoleType) => mayChange && mayGrantRole(activeRoles, role);
  const free = roleTypes.filter((role) => mayChangeRole(role) && !roles.some((held) => held.role === role));

  const save = (values: RoleFormValues) => {
    put.mutate(
      {
        role: values.role,
        dateAdded: dateInputToIso(values.dateAdded),
        dateExpires: values.dateExpires ? dateInputToIso(values.dateExpires) : null,
      },
      {
        onSuccess: () => {
          setEditing(null);
          notifications.addToast({
            variant: "success",
            title: t("admin.contacts.roles.saved", { role: t(`admin.contacts.roleNames.${values.role}`) }),
          });
        },
      },
    );
  };

  const startEditing = (next: Editing) => {
    put.reset();
    setEditing(next);
  };

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">{t("admin.contacts.roles.title")}</h2>
        {free.length > 0 && editing?.kind !== "add" && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden className="size-4" />}
            onClick={() => startEditing({ kind: "add" })}
          >
            {t("admin.contacts.roles.add")}
          </Button>
        )}
      </div>
      {!mayChange && <OutrankedNote />}
      {put.isError && <Alert variant="error">{t(roleErrorKey(put.error))}</Alert>}
      {editing?.kind === "add" && (
        <div className="rounded-xl bg-canvas p-4">
          <RoleDatesForm
            initialValues={{ role: free[0] ?? "member", dateAdded: todayInput(), dateExpires: "" }}
            roleChoices={free}
            submitLabel={t("admin.contacts.roles.addConfirm")}
            isPending={put.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}
      {roles.length === 0 && editing?.kind !== "add" && (
        <p className="text-body/70">{t("admin.contacts.roles.none")}</p>
      )}
      <ul className="divide-y divide-black/5">
        {roles.map((role) => (
          <RoleRow
            key={role.role}
            role={role}
            isEditing={editing?.kind === "edit" && editing.role === role.role}
            mayChange={mayChangeRole(role.role)}
            isPending={put.isPending}
            onEdit={() => startEditing({ kind: "edit", role: role.role })}
            onRemove={() => {
              remove.reset();
              setToRemove(role.role);
            }}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ))}
      </ul>
      <ConfirmDialog
        isOpen={toRemove !== null}
        title={t("admin.contacts.roles.removeTitle", {
          role: toRemove ? t(`admin.contacts.roleNames.${toRemove}`) : "",
        })}
        description={t("admin.contacts.roles.removeDescription")}
        confirmLabel={t("admin.contacts.roles.removeConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={remove.isPending}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove, { onSuccess: () => setToRemove(null) });
        }}
        onClose={() => setToRemove(null)}
      >
        {remove.isError && <Alert variant="error">{t(roleErrorKey(remove.error))}</Alert>}
      </ConfirmDialog>
    </Card>
  );
}

interface RoleRowProps {
  role: HeldRole;
  isEditing: boolean;
  /** Whether the user may change or take away this role. */
  mayChange: boolean;
  isPending: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onSave: (values: RoleFormValues) => void;
  onCancel: () => void;
}

/** One role held: its name, status and dates, and its dates being changed. */
function RoleRow({ role, isEditing, mayChange, isPending, onEdit, onRemove, onSave, onCancel }: RoleRowProps) {
  const { t } = useTranslation();
  const name = t(`admin.contacts.roleNames.${role.role}`);
  return (
    <li className="space-y-3 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 font-semibold">
            {name} <RoleStatus role={role} />
          </p>
          <RolePeriod role={role} />
        </div>
        {!isEditing && mayChange && (
          <span className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              icon={<Pencil aria-hidden className="size-4" />}
              aria-label={t("admin.contacts.roles.editLabel", { role: name })}
              onClick={onEdit}
            />
            <Button
              variant="ghost"
              size="sm"
              className="text-danger"
              icon={<Trash2 aria-hidden className="size-4" />}
              aria-label={t("admin.contacts.roles.removeLabel", { role: name })}
              onClick={onRemove}
            />
          </span>
        )}
      </div>
      {isEditing && (
        <div className="rounded-xl bg-canvas p-4">
          <RoleDatesForm
            initialValues={{
              role: role.role,
              dateAdded: isoToDateInput(role.dateAdded),
              dateExpires: isoToDateInput(role.dateExpires),
            }}
            roleChoices={[role.role]}
            submitLabel={t("common.save")}
            isPending={isPending}
            onSubmit={onSave}
            onCancel={onCancel}
          />
        </div>
      )}
    </li>
  );
}
