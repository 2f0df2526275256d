// The orders module's public surface: app.ts imports only from here.
export { ordersModule, type OrdersModuleOptions } from './orders.routes.ts';
export { createOrdersRuntime, type OrdersRuntime } from './orders.runtime.ts';
export { ORDER_TRANSITIONS } from './order-states.ts';
export type { OrderFaults } from './orders.context.ts';
export { orderNumbers, purchaseHistoryEntries, purchaseHistoryKeys } from './order-history.ts';
export { refundOrder, type RefundInput } from './refund.service.ts';
