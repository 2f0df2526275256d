// The system module's public surface.
export { systemModule } from './health.routes.ts';
export { readyModule } from './ready.routes.ts';
