import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { parseResponseHash, responseHash } from "../map/url-state";

/**
 * The response open in a map or gallery, kept in the address as
 * `#response-<n>` so that a link opens it. Opening one adds a history entry
 * (the back button closes it again); the query (`?lang`, `?noIntro`, the
 * map's view) is kept.
 */
export function useResponseHash(): {
  responseNumber: number | undefined;
  open: (responseNumber: number, options?: { replace?: boolean }) => void;
  close: () => void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const responseNumber = parseResponseHash(location.hash);
  const open = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      void navigate({ search: location.search, hash: responseHash(next) }, { replace: options.replace ?? false }),
    [navigate, location.search],
  );
  const close = useCallback(() => void navigate({ search: location.search, hash: "" }), [navigate, location.search]);
  return { responseNumber, open, close };
}
