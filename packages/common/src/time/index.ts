/** Time constants in milliseconds (spec section 9). */
export const ONE_SECOND = 1000;
export const ONE_MINUTE = 60 * ONE_SECOND;
export const ONE_HOUR = 60 * ONE_MINUTE;
export const ONE_DAY = 24 * ONE_HOUR;
export const ONE_WEEK = 7 * ONE_DAY;
export const MINUTES_PER_DAY = 1440;
export const MINUTES_IN_30_DAYS = 43200;
