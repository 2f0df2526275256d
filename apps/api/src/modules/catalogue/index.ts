// The catalogue module's public surface: other modules and app.ts import only from here.
export { catalogueModule, type CatalogueModuleOptions } from './catalogue.routes.ts';
export { catalogueMediaModule } from './media.routes.ts';
