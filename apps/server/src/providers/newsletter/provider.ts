import type { NewsletterStatus } from "@cohort/common/contacts";
import type { NewsletterConnectionTest, NewsletterGroup, NewsletterProviderName } from "@cohort/common/newsletter";

/** Whether a contact holds a membership now, held one that ended, or never held one. */
export type MembershipState = "active" | "lapsed" | "none";

/** Everything the provider keeps of a contact: Cohort's whole state, never a change. */
export interface NewsletterMember {
  email: string;
  firstname: string;
  lastname: string;
  status: NewsletterStatus;
  /** The configured groups the contact belongs to (others are left alone). */
  groups: string[];
  membership: MembershipState;
}

/**
 * A contact as the provider holds it. Mailchimp may carry both membership tags at once (one
 * left behind by a batch, which cannot take tags away, or set by hand): no state Cohort sends.
 */
export type ProviderCopy = Omit<NewsletterMember, "membership"> & {
  membership: MembershipState | "active and lapsed";
};

/** The connection a provider is built from (the settings row). */
export interface NewsletterConnection {
  provider: NewsletterProviderName;
  apiKey: string;
  apiUrl: string;
  listId: string;
  groups: NewsletterGroup[];
  activeMemberTag: string;
  lapsedMemberTag: string;
}

/** The provider refused or could not be reached; `permanent` refusals are not retried sooner than others. */
export class NewsletterProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "NewsletterProviderError";
  }
}

export interface NewsletterProvider {
  readonly name: NewsletterProviderName;
  /**
   * Makes the provider's copy of a contact match `member`. `previousEmail` is the address
   * the provider knows them by when that differs (a change of address).
   */
  upsert(member: NewsletterMember, previousEmail: string | null): Promise<void>;
  /** Takes a deleted contact off the list. */
  remove(email: string): Promise<void>;
  /** Checks the key and the list. */
  test(): Promise<NewsletterConnectionTest>;
  /** Every member of the list, a page at a time. */
  members(): AsyncIterable<ProviderCopy[]>;
  /** Sends many members with the provider's batch operation; answers the addresses it refused. */
  upsertMany(members: NewsletterMember[]): Promise<{ refused: string[] }>;
  /** How many members `upsertMany` takes at once. */
  readonly batchSize: number;
}

/** Keeps statuses and groups in Cohort only. */
export const noNewsletterProvider: NewsletterProvider = {
  name: "none",
  batchSize: 1000,
  upsert: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  test: () => Promise.resolve({ ok: false, problem: "not-configured" }),
  // eslint-disable-next-line require-yield
  async *members() {
    return;
  },
  upsertMany: () => Promise.resolve({ refused: [] }),
};
