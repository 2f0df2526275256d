import { z } from './zod-config.ts';
import { LANGUAGES } from './constants.ts';

export { LANGUAGES };
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
