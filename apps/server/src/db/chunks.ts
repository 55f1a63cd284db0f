/** Rows in parts of `size`: a few hundred rows per statement stay well below the database's limit on parameters. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}
