/**
 * The rows of every page loaded so far, each once. A row added or removed between two page loads
 * shifts the pages, so the same row can come back on the next one: the first time it came wins.
 */
export function uniqueRows<T>(
  pages: readonly { items: readonly T[] }[] | undefined,
  keyOf: (row: T) => string,
): T[] {
  const seen = new Set<string>();
  return (pages ?? [])
    .flatMap((p) => p.items)
    .filter((row) => {
      const key = keyOf(row);
      return seen.has(key) ? false : (seen.add(key), true);
    });
}
