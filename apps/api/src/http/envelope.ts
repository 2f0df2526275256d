/** Every success body: `{ success: true, data }` (failures are the error envelope of errors.ts). */
export const ok = <T>(data: T) => ({ success: true as const, data });
