// The shop's counter and point-of-sale systems: other modules and app.ts import only from here.
export { lookUpCode, redeemCode, type CounterActor } from './counter.service.ts';
export { posModule } from './pos.routes.ts';
export { memberCardModule } from './member-card.routes.ts';
export { createPosKey, listPosKeys, revokePosKey } from './pos-keys.ts';
