import { isDeepStrictEqual } from "node:util";
import { isAllowedUrl } from "@cohort/common/http";
import type { Db } from "../../db/client.js";
import { sanitizeForm, sanitizeVariant } from "./sanitize.js";
import * as queries from "./stored-html-queries.js";

/**
 * Cleans callouts saved before every write went through the sanitiser
 * (decision 019): the form's texts and content blocks, each variant's intro,
 * thank-you text and translated texts, as a save today would; a thank-you
 * redirect or image address that is not http(s) is dropped. Rows already clean
 * are left alone, so running it again changes nothing. Runs once per database
 * as a data upgrade (`src/db/data-upgrades.ts`). Returns how many callouts changed.
 */
export async function resanitizeStoredCallouts(db: Db): Promise<number> {
  let changed = 0;
  for (
    let next = await queries.findNextCallout(db, null);
    next;
    next = await queries.findNextCallout(db, next.callout.id)
  ) {
    const { callout, variants } = next;
    let isChanged = false;
    const formSchema = sanitizeForm(callout.formSchema);
    const image = callout.image === "" || isAllowedUrl(callout.image, "image") ? callout.image : "";
    if (!isDeepStrictEqual(formSchema, callout.formSchema) || image !== callout.image) {
      await queries.updateCalloutStoredHtml(db, callout.id, { formSchema, image });
      isChanged = true;
    }
    for (const variant of variants) {
      const clean = sanitizeVariant(variant);
      const thanksRedirect =
        variant.thanksRedirect && !isAllowedUrl(variant.thanksRedirect, "http") ? null : variant.thanksRedirect;
      if (
        clean.intro !== variant.intro ||
        clean.thanksText !== variant.thanksText ||
        thanksRedirect !== variant.thanksRedirect ||
        !isDeepStrictEqual(clean.componentText, variant.componentText)
      ) {
        await queries.updateVariantStoredHtml(db, variant, {
          intro: clean.intro,
          thanksText: clean.thanksText,
          thanksRedirect,
          componentText: clean.componentText,
        });
        isChanged = true;
      }
    }
    if (isChanged) changed++;
  }
  return changed;
}
