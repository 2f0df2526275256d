import { z } from 'zod';

export const LANGUAGES = ['en', 'th'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
