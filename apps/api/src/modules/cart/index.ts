// The cart module's public surface: other modules and app.ts import only from here.
export { cartModule } from './cart.routes.ts';
export { cartLinesFor, removeCartLines, takeFromCartLines } from './cart.service.ts';
