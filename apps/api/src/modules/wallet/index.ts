// The wallet module's public surface: other modules and app.ts import only from here.
export { walletModule } from './wallet.routes.ts';
export { issueWalletVouchers, walletPage, type IssueLine } from './wallet.service.ts';
export { useHistoryEntries, useHistoryKeys } from './use-history.ts';
export { UseRefused, useWalletItem, type UseBy, type UseOutcome, type UseRefusal } from './use-item.ts';
