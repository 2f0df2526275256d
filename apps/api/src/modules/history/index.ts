// The history module's public surface: app.ts imports only from here.
export { historyModule } from './history.routes.ts';
