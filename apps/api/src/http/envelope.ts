/** Every success body: `{ success: true, data }` (ARCHITECTURE.md section 3). */
export const ok = <T>(data: T) => ({ success: true as const, data });
