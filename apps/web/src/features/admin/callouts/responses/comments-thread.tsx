import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MessageSquare, Pencil, Trash2 } from "lucide-react";
import { displayName, hasRole } from "@cohort/common/contacts";
import type { ResponseComment } from "../../../../api/callout-responses";
import { commentsQueryOptions } from "../../../../api/callout-responses";
import { messageForError } from "../../../../api/error-messages";
import { useSession } from "../../../../api/session";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { SafeHtml } from "../../../../ui/safe-html";
import { Skeleton } from "../../../../ui/skeleton";
import { TextareaField } from "../../../../ui/textarea-field";
import { commentHtmlToText, textToCommentHtml } from "./comment-text";
import { useCommentMutations } from "./use-inbox-mutations";

/** The staff's discussion of one response, oldest first, with a form to add to it. */
export function CommentsThread({ responseId }: { responseId: string }) {
  const { t } = useTranslation();
  const comments = useQuery(commentsQueryOptions(responseId));
  const mutations = useCommentMutations(responseId);
  const [text, setText] = useState("");
  const [isEmpty, setIsEmpty] = useState(false);

  const handleAdd = () => {
    const html = textToCommentHtml(text);
    if (!html) {
      setIsEmpty(true);
      return;
    }
    mutations.create.mutate(html, { onSuccess: () => setText("") });
  };

  return (
    <section aria-labelledby="comments-title" className="space-y-4">
      <h2 id="comments-title" className="flex items-center gap-2 text-lg font-bold">
        <MessageSquare aria-hidden className="size-5" />
        {t("adminResponses.comments.title")}
        {comments.data && <span className="text-sm font-normal text-body/70">({comments.data.total})</span>}
      </h2>
      {comments.isPending && <Skeleton className="h-20 w-full" />}
      {comments.isError && <Alert variant="error" title={t(messageForError(comments.error))} />}
      {comments.data?.items.length === 0 && <p className="text-body/70">{t("adminResponses.comments.none")}</p>}
      {comments.data && comments.data.items.length > 0 && (
        <ol className="space-y-3">
          {comments.data.items.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} mutations={mutations} />
            </li>
          ))}
        </ol>
      )}
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          handleAdd();
        }}
      >
        <TextareaField
          label={t("adminResponses.comments.add")}
          rows={3}
          value={text}
          error={isEmpty && !text.trim() ? t("adminResponses.comments.empty") : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setIsEmpty(false);
          }}
        />
        {mutations.create.isError && <Alert variant="error">{t(messageForError(mutations.create.error))}</Alert>}
        <Button type="submit" size="sm" isLoading={mutations.create.isPending}>
          {t("adminResponses.comments.submit")}
        </Button>
      </form>
    </section>
  );
}

function CommentItem({
  comment,
  mutations,
}: {
  comment: ResponseComment;
  mutations: ReturnType<typeof useCommentMutations>;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const user = useSession();
  const isAuthor = user?.id === comment.contact.id;
  const canDelete = isAuthor || hasRole(user?.activeRoles ?? [], "admin");
  const [draft, setDraft] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const isEdited = comment.updatedAt !== comment.createdAt;

  const save = () => {
    const html = textToCommentHtml(draft ?? "");
    if (!html) return;
    mutations.update.mutate({ id: comment.id, text: html }, { onSuccess: () => setDraft(null) });
  };

  return (
    <article className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-black/10">
      <header className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p>
          <span className="font-semibold">{displayName(comment.contact)}</span>{" "}
          <time dateTime={comment.createdAt} className="text-body/70">
            {dateTime(comment.createdAt)}
          </time>
          {isEdited && <span className="text-body/70"> · {t("adminResponses.comments.edited")}</span>}
        </p>
        {draft === null && (
          <div className="flex gap-1">
            {isAuthor && (
              <Button
                variant="ghost"
                size="sm"
                icon={<Pencil aria-hidden className="size-4" />}
                onClick={() => setDraft(commentHtmlToText(comment.text))}
              >
                {t("adminResponses.comments.edit")}
              </Button>
            )}
            {canDelete && (
              <Button
                variant="ghost"
                size="sm"
                icon={<Trash2 aria-hidden className="size-4" />}
                onClick={() => setIsDeleting(true)}
              >
                {t("adminResponses.comments.delete")}
              </Button>
            )}
          </div>
        )}
      </header>
      {draft === null ? (
        <SafeHtml
          html={comment.text}
          className="space-y-2 break-words [&_a]:text-link-text [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        />
      ) : (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextareaField
            label={t("adminResponses.comments.editLabel")}
            rows={3}
            value={draft}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
          />
          {mutations.update.isError && <Alert variant="error">{t(messageForError(mutations.update.error))}</Alert>}
          <div className="flex gap-2">
            <Button type="submit" size="sm" isLoading={mutations.update.isPending} disabled={!draft.trim()}>
              {t("adminResponses.comments.save")}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(null)}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        isOpen={isDeleting}
        title={t("adminResponses.comments.deleteTitle")}
        description={t("adminResponses.comments.deleteDescription")}
        confirmLabel={t("adminResponses.comments.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={mutations.remove.isPending}
        onConfirm={() => mutations.remove.mutate(comment.id, { onSuccess: () => setIsDeleting(false) })}
        onClose={() => setIsDeleting(false)}
      >
        {mutations.remove.isError && <Alert variant="error">{t(messageForError(mutations.remove.error))}</Alert>}
      </ConfirmDialog>
    </article>
  );
}
