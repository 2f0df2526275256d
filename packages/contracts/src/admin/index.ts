// The back office's contracts (/admin/api): staff, roles and the screens' shapes.
export * from './roles.ts';
export * from './auth.ts';
export * from './members.ts';
export * from './staff.ts';
export * from './audit.ts';
export * from './rules.ts';
export * from './orders.ts';
export * from './campaigns.ts';
export * from './dashboard.ts';
export * from './catalogue.ts';
