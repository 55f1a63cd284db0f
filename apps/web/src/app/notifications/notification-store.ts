export const notificationVariants = ["info", "success", "warning", "error"] as const;
export type NotificationVariant = (typeof notificationVariants)[number];

/** Toasts disappear after this long unless they say otherwise; 0 keeps them. */
export const TOAST_TIMEOUT_MS = 5000;
/** Notifications fill their progress bar by this much every second, then go. */
export const PROGRESS_STEP = 1 / 8;
export const PROGRESS_INTERVAL_MS = 1000;

export interface NotificationItem {
  id: number;
  kind: "toast" | "notification";
  title: string;
  description?: string;
  variant: NotificationVariant;
  /** Shows a dismiss control. */
  removeable: boolean;
  /** From 0 to 1, for notifications that remove themselves. */
  progress?: number;
}

export interface NotificationInput {
  title: string;
  description?: string;
  variant?: NotificationVariant;
  removeable?: boolean;
}

export interface ToastInput extends NotificationInput {
  /** Milliseconds before it goes; 0 keeps it until dismissed. */
  timeout?: number;
}

interface Timer {
  cancel: () => void;
  pause: () => void;
  resume: () => void;
}

export interface NotificationStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly NotificationItem[];
  /** A short message that goes after its timeout. */
  addToast: (input: ToastInput) => number;
  /** A message that fills a progress bar in eighths, one a second, and goes when it is full. */
  addNotification: (input: NotificationInput) => number;
  remove: (id: number) => void;
  /** Holds the countdown while someone reads the message. */
  pause: (id: number) => void;
  resume: (id: number) => void;
  clear: () => void;
}

export function createNotificationStore(): NotificationStore {
  let items: readonly NotificationItem[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<number, Timer>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const update = (id: number, change: Partial<NotificationItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...change } : item));
    emit();
  };

  const remove = (id: number) => {
    timers.get(id)?.cancel();
    timers.delete(id);
    if (!items.some((item) => item.id === id)) return;
    items = items.filter((item) => item.id !== id);
    emit();
  };

  const add = (item: Omit<NotificationItem, "id">): number => {
    const id = nextId++;
    items = [...items, { ...item, id }];
    emit();
    return id;
  };

  const toastTimer = (id: number, timeout: number): Timer => {
    let remaining = timeout;
    let startedAt = Date.now();
    let handle: ReturnType<typeof setTimeout> | undefined = setTimeout(() => remove(id), remaining);
    const stop = () => {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    };
    return {
      cancel: stop,
      pause: () => {
        if (handle === undefined) return;
        stop();
        remaining -= Date.now() - startedAt;
      },
      resume: () => {
        if (handle !== undefined) return;
        startedAt = Date.now();
        handle = setTimeout(() => remove(id), Math.max(remaining, 0));
      },
    };
  };

  const progressTimer = (id: number): Timer => {
    let isPaused = false;
    const handle = setInterval(() => {
      if (isPaused) return;
      const item = items.find((entry) => entry.id === id);
      const progress = Math.min((item?.progress ?? 0) + PROGRESS_STEP, 1);
      if (progress >= 1) remove(id);
      else update(id, { progress });
    }, PROGRESS_INTERVAL_MS);
    return {
      cancel: () => clearInterval(handle),
      pause: () => {
        isPaused = true;
      },
      resume: () => {
        isPaused = false;
      },
    };
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    addToast: ({ timeout = TOAST_TIMEOUT_MS, variant = "info", removeable = true, ...rest }) => {
      const id = add({ ...rest, kind: "toast", variant, removeable });
      if (timeout > 0) timers.set(id, toastTimer(id, timeout));
      return id;
    },
    addNotification: ({ variant = "info", removeable = true, ...rest }) => {
      const id = add({ ...rest, kind: "notification", variant, removeable, progress: 0 });
      timers.set(id, progressTimer(id));
      return id;
    },
    remove,
    pause: (id) => timers.get(id)?.pause(),
    resume: (id) => timers.get(id)?.resume(),
    clear: () => {
      for (const timer of timers.values()) timer.cancel();
      timers.clear();
      items = [];
      emit();
    },
  };
}

/** The one tray of the app. */
export const notifications = createNotificationStore();
