import './zod-config.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './i18n.ts';
export * from './auth.ts';
export * from './system.ts';
export * from './catalogue.ts';
